"""Teachers' classes in the store: the class, its students and its lessons (records.py; the item
keys in keys.py; docs/store.md, "Items"). Not a game: a class gathers players and lessons."""
