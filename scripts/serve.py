"""Serve dist/ on localhost, optionally under a sub-path (as GitHub Pages does).

    python scripts/serve.py [--port 8000] [--prefix /speeltafel/]

Used by `make play` and by the browser tests.  Python's own server guesses
some types wrong (.mjs, .wasm), and module scripts need the right one.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import threading
from pathlib import Path

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".webmanifest": "application/manifest+json",
         ".svg": "image/svg+xml", ".py": "text/plain", ".zip": "application/zip"}


class Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def translate_path(self, path):
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "__not_here__")
        return super().translate_path("/" + path[len(self.prefix):])

    def do_GET(self):
        if self.path == self.prefix.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.end_headers()
            return
        super().do_GET()

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, *args):
        pass


def serve(directory, port=0, prefix="/"):
    """Start a server in a thread; returns (server, base URL)."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = functools.partial(type("H", (Handler,), {"prefix": prefix}), directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{prefix}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/")
    parser.add_argument("--dir", default=str(Path(__file__).resolve().parent.parent / "dist"))
    args = parser.parse_args()
    server, url = serve(args.dir, args.port, args.prefix)
    print(f"Speeltafel is served at {url}  (Ctrl+C stops)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()
