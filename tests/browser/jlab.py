"""Start and stop a private JupyterLab for the browser tests.

The server runs on a free port with a random token, serves the repository
root (as ``make lab`` does), and keeps every file it writes (runtime files,
settings, workspaces, IPython history, the notebook trust database) in a temporary directory, so nothing
in the repository or the home directory changes.  Autosave is switched off
in those private settings.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Lab:
    """A JupyterLab server in its own process group; use as a context manager.

    Attributes
    ----------
    url : str
        ``http://127.0.0.1:<port>``
    token : str
    home : Path
        The temporary directory with its runtime, settings and log.
    """

    def __init__(self, root=REPO, *, startup_timeout=180, env=None):
        self.extra_env = dict(env or {})
        self.root = Path(root)
        self.port, self.token = free_port(), secrets.token_hex(16)
        self.url = f"http://127.0.0.1:{self.port}"
        self.startup_timeout = startup_timeout
        self.home = Path(tempfile.mkdtemp(prefix="advsearch-lab-"))
        self.process = None

    def environment(self) -> dict:
        env = dict(os.environ)
        for name, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                          ("JUPYTERLAB_SETTINGS_DIR", "settings"), ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
                          ("IPYTHONDIR", "ipython"), ("MPLCONFIGDIR", "mpl"),
                          ("JUPYTER_DATA_DIR", "data")]:          # the notebook trust database too
            env[name] = str(self.home / sub)
            (self.home / sub).mkdir(parents=True, exist_ok=True)
        env.pop("JUPYTER_TOKEN", None)
        env.update(self.extra_env)
        # No autosave: a notebook the tests run must never be written back.
        docmanager = self.home / "settings" / "@jupyterlab" / "docmanager-extension"
        docmanager.mkdir(parents=True, exist_ok=True)
        (docmanager / "plugin.jupyterlab-settings").write_text(json.dumps({"autosave": False}))
        # Every cell in the page, not only those in view: jupyterlab-deck shows a slide's cells in place.
        tracker = self.home / "settings" / "@jupyterlab" / "notebook-extension"
        tracker.mkdir(parents=True, exist_ok=True)
        (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
        # No "what's new" or notification pop-ups over the page.
        apputils = self.home / "settings" / "@jupyterlab" / "apputils-extension"
        apputils.mkdir(parents=True, exist_ok=True)
        (apputils / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False}))
        return env

    def start(self):
        command = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={self.port}",
                   "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={self.token}",
                   f"--ServerApp.root_dir={self.root}", "--ServerApp.port_retries=0",
                   "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            command.append("--allow-root")
        self.log = open(self.home / "server.log", "wb")
        self.process = subprocess.Popen(command, cwd=self.home, env=self.environment(), stdout=self.log,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with {self.process.returncode}:\n{self.log_text()}")
            try:
                self.api("status")
                return self
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.5)
        self.stop()
        raise RuntimeError(f"JupyterLab did not answer within {self.startup_timeout} s:\n{self.log_text()}")

    def api(self, path, method="GET"):
        """Ask the server's REST API; returns the decoded JSON (or None)."""
        request = urllib.request.Request(f"{self.url}/api/{path}", method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            body = answer.read()
        return json.loads(body) if body else None

    def page_url(self, path="lab", **query) -> str:
        """The address of a page of this server, with the token."""
        from urllib.parse import urlencode

        return f"{self.url}/{path}?{urlencode({'token': self.token, **query})}"

    def trust(self, path: str):
        """Trust the notebook at ``path`` (relative to the root) in this server's own trust database, as
        ``jupyter trust`` does: its HTML outputs then keep their scripts.  The file itself does not change;
        a copy with other content needs trusting on its own."""
        import nbformat
        from nbformat.sign import NotebookNotary

        notary = NotebookNotary(data_dir=str(self.home / "data"))
        notary.sign(nbformat.read(self.root / path, as_version=nbformat.NO_CONVERT))

    def shutdown_kernels(self):
        """Stop every kernel this server runs (each test starts its own)."""
        try:
            for kernel in self.api("kernels"):
                self.api(f"kernels/{kernel['id']}", method="DELETE")
        except (urllib.error.URLError, OSError):
            pass

    def log_text(self) -> str:
        try:
            self.log.flush()
            return (self.home / "server.log").read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def descendants(self) -> list:
        """The server's child processes (kernels run in sessions of their own)."""
        import psutil   # ipykernel depends on it

        try:
            return psutil.Process(self.process.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []

    def stop(self):
        """Stop the server and every process it started (kernels included), by their ids."""
        import psutil

        if self.process is not None:
            children = self.descendants()
            if self.process.poll() is None:
                self.shutdown_kernels()
                try:
                    self.api("shutdown", method="POST")
                    self.process.wait(timeout=20)
                except (urllib.error.URLError, OSError, subprocess.TimeoutExpired):
                    pass
            if self.process.poll() is None:
                self.process.terminate()
                try:
                    self.process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait(timeout=10)
            for child in children:
                try:
                    child.terminate()
                except psutil.NoSuchProcess:
                    pass
            _gone, alive = psutil.wait_procs(children, timeout=10)
            for child in alive:
                try:
                    child.kill()
                except psutil.NoSuchProcess:
                    pass
        if getattr(self, "log", None):
            self.log.close()
        shutil.rmtree(self.home, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
