"""The ticketed daily run's HTTP side, once for every run mode (Storm, Streak): the routes
(routes.py: `run_router` makes a mode's starting, posting, day file, own runs and two boards) and the
bodies every mode shares the shape of (models.py). A mode's package (functions/routes/<key>/) names
its request body, its scored result and how a post is scored."""
