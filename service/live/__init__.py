"""The live rooms (issue 43; docs/live.md): one room service, two transports.

`Live` (service.py) is the room interface: a connection opens (`connect`, its player already known
from their token), sends messages (`receive`), closes (`disconnect`); the rooms answer and fan out
through a `Sender` (fan.py) the transport gives: locally the app's WebSocket route under uvicorn
(functions/live/local.py), on AWS API Gateway's WebSocket API in front of a Lambda
(functions/live/aws.py, `post_to_connection`). Rooms keep everything in the store (keys.py; both
stores), so any process may handle any message of any room: races (racer.py) and live classes
(klass.py), their connections (connections.py).
"""
