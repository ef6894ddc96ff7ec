"""A real SMTP server for tests: accepts every message and writes each one,
as received, to a file in the given directory.

    python3 infra/smtp_sink.py --port 2525 --dir .run/mail
"""
import argparse
import asyncio
import pathlib
import uuid

from aiosmtpd.controller import Controller


class SaveToDirectory:
    def __init__(self, directory: pathlib.Path):
        self.directory = directory

    async def handle_DATA(self, server, session, envelope):
        name = self.directory / f"{uuid.uuid4().hex}.eml"
        temporary = name.with_suffix(".tmp")
        temporary.write_bytes(envelope.original_content or envelope.content)
        temporary.rename(name)  # readers never see half a message
        return "250 Message accepted for delivery"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dir", type=pathlib.Path, required=True)
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    controller = Controller(SaveToDirectory(args.dir), hostname=args.host, port=args.port)
    controller.start()
    print(f"SMTP sink on {args.host}:{args.port}, saving to {args.dir}", flush=True)
    try:
        asyncio.get_event_loop().run_forever()
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
