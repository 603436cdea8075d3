"""The staging folder hands out each file's path once, and only inside itself, however the
parts are named and whether or not their folder was handed out before."""

from __future__ import annotations

import pytest

import portolan.generator.staging as staging_module
from portolan.errors import InputError
from portolan.fsio import inside
from portolan.generator.staging import Staging


def test_files_of_one_folder_are_inside_and_their_folder_is_made(tmp_path):
    staging = Staging(tmp_path / "stage")
    (tmp_path / "stage").mkdir()
    first = staging.file("svg", "deck", "a.svg")
    second = staging.file("svg", "deck", "b.svg")
    assert first.parent.is_dir() and first.parent == second.parent
    assert first == tmp_path / "stage" / "svg" / "deck" / "a.svg"


@pytest.mark.parametrize(
    "parts",
    [
        ("svg", "deck", "..", "..", "..", "x.svg"),
        ("svg", "deck", "../../../x.svg"),
        ("svg", "..", "..", "x.svg"),
        ("/tmp/elsewhere.pdf",),
    ],
)
def test_a_path_outside_is_refused_after_a_plain_file_of_the_same_folder(tmp_path, parts):
    (tmp_path / "stage").mkdir()
    staging = Staging(tmp_path / "stage")
    staging.file("svg", "deck", "a.svg")  # the folder is known now
    with pytest.raises(InputError, match="outside the output folder"):
        staging.file(*parts)
    assert not (tmp_path / "x.svg").exists()


def test_a_folder_that_is_a_link_out_is_refused(tmp_path):
    (tmp_path / "stage").mkdir()
    (tmp_path / "away").mkdir()
    (tmp_path / "stage" / "svg").symlink_to(tmp_path / "away")
    staging = Staging(tmp_path / "stage")
    with pytest.raises(InputError, match="outside the output folder"):
        staging.file("svg", "a.svg")
    with pytest.raises(InputError, match="outside the output folder"):
        staging.file("svg", "b.svg")  # nothing about the folder was kept from the refusal


def test_the_same_file_twice_is_refused(tmp_path):
    (tmp_path / "stage").mkdir()
    staging = Staging(tmp_path / "stage")
    staging.file("svg", "deck", "a.svg")
    with pytest.raises(InputError, match="written twice"):
        staging.file("svg", "deck", "a.svg")
    with pytest.raises(InputError, match="written twice"):
        staging.file("svg", "deck", ".", "a.svg")  # another spelling of the same file


def test_files_another_process_wrote_are_claimed_once_each(tmp_path, monkeypatch):
    """A worker of --jobs writes the files; the parent claims them, and the second claim of one
    path, or a file of its own at that path, is refused. The disk is asked once per folder."""
    (tmp_path / "stage" / "svg" / "deck").mkdir(parents=True)
    staging = Staging(tmp_path / "stage")
    looked = []
    monkeypatch.setattr(staging_module, "inside", lambda *a: looked.append(a) or inside(*a))
    written = [tmp_path / "stage" / "svg" / "deck" / f"{n}.svg" for n in "abc"]
    for path in written:
        staging.claim(path)
    assert len(looked) == 1
    with pytest.raises(InputError, match=r"'svg/deck/b\.svg' would be written twice"):
        staging.claim(written[1])
    with pytest.raises(InputError, match="written twice"):
        staging.file("svg", "deck", "c.svg")


def test_a_claimed_file_in_a_folder_that_links_out_is_refused(tmp_path):
    (tmp_path / "stage").mkdir()
    (tmp_path / "away").mkdir()
    (tmp_path / "stage" / "svg").symlink_to(tmp_path / "away")
    staging = Staging(tmp_path / "stage")
    for name in ("a.svg", "b.svg"):  # nothing about the folder was kept from the refusal
        with pytest.raises(InputError, match="outside the output folder"):
            staging.claim(tmp_path / "stage" / "svg" / name)
    with pytest.raises(InputError, match="outside the output folder"):
        staging.claim(tmp_path / "away" / "c.svg")
