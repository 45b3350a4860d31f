"""The live rooms' two transports (docs/live.md, "One room interface, two transports"), each calling
the one room interface, service/live/service.py's `Live`:

- local.py: a WebSocket route of the app itself, `/live`, under uvicorn (`make serve`);
- aws.py: the Lambda behind API Gateway's WebSocket API ($connect, $disconnect, $default), sending
  through the API Gateway Management API.

A connection opens with the player's token (auth.py: `player_of`), offered as a WebSocket subprotocol
beside the protocol's own name, so the token never appears in an address or a log line.
"""
