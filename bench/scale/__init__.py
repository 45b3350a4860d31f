"""The scale model behind `python -m bench scale` (bench/bench_scale.py), one job a module:

- units.py   the capacity-unit rules: an item's size, what a write or a read of it costs
- trace.py   the recorder: every AWS call the app makes, the partition keys it touches on the table and
             each index, and its capacity units
- day.py     the scripted day: players through the real app over moto, as their browsers would
- model.py   the traffic model: the trace multiplied out to N daily players, key by key
- report.py  what is printed, the goals, and the per-player units infra/costs.py reads
"""
