#!/usr/bin/env python3
"""Chooses the hand-labelled corpus sample (Tests/TutorialModelTests/CorpusSample) deterministically.

Candidates: fr-fr articles of the corpus of at most MAX_BYTES bytes that contain at least one code
block (a fence, an indented block after a blank line, or a [!code-...] reference) and at least one
numbered list item. The candidates are sorted by path; every Nth is taken (N = len // WANT), and when
that file's service folder already has a chosen article the next candidate of a new folder is taken.

usage: scripts/corpus-sample-select.py /path/to/corpus/content [WANT] [OFFSET STEP]

OFFSET and STEP (default 0 and len // WANT) start the walk elsewhere: the 6 held-out articles
labelled after the model fixes were chosen with `6 4 8`, halfway between the first choice's
(every 8th from 0), never a file of the first choice. The second held-out set (8 articles, labelled
after the step and language fixes that the first held-out set prompted) was chosen with `8 2 8`,
never a file of either earlier choice.
"""
import os, re, sys

MAX_BYTES = 9000
root = sys.argv[1]
want = int(sys.argv[2]) if len(sys.argv) > 2 else 34
offset = int(sys.argv[3]) if len(sys.argv) > 3 else 0
articles = os.path.join(root, "fr-fr", "articles")
fence = re.compile(r"^\s*(```|~~~)")
numbered = re.compile(r"^\s{0,3}\d+[.)]\s")
coderef = re.compile(r"\[!code-|:::code ")

def has_indented_block(lines):
    for previous, line in zip(lines, lines[1:]):
        if previous.strip() == "" and line.startswith("    ") and line.strip() and not numbered.match(line.strip() + " ") and not line.strip().startswith(("-", "*", ">", "[!")):
            return True
    return False

candidates = []
for directory, _, files in os.walk(articles):
    for name in files:
        if not name.endswith(".md"):
            continue
        path = os.path.join(directory, name)
        if os.path.getsize(path) > MAX_BYTES:
            continue
        text = open(path, encoding="utf-8", errors="replace").read()
        lines = text.split("\n")
        code = any(fence.match(l) for l in lines) or bool(coderef.search(text))
        if not code:
            continue
        if not any(numbered.match(l) for l in lines):
            continue
        candidates.append(os.path.relpath(path, articles))
candidates.sort()

def select(want, offset, step, exclude=()):
    chosen, folders = [], set()
    index = offset
    while index < len(candidates) and len(chosen) < want:
        j = index
        while j < len(candidates) and (candidates[j].split("/")[0] in folders or candidates[j] in exclude):
            j += 1
        if j == len(candidates):
            break
        chosen.append(candidates[j])
        folders.add(candidates[j].split("/")[0])
        index = max(index + step, j + 1)
    return chosen

first = select(34, 0, max(len(candidates) // 34, 1))
held_out = select(6, 4, 8, exclude=set(first))
if len(sys.argv) > 3 and (want, int(sys.argv[3]), int(sys.argv[4])) == (6, 4, 8):
    chosen = held_out
elif len(sys.argv) > 3:
    # Any later held-out set avoids both earlier choices.
    chosen = select(want, int(sys.argv[3]), int(sys.argv[4]), exclude=set(first) | set(held_out))
else:
    chosen = select(want, 0, max(len(candidates) // want, 1))
print(f"# {len(candidates)} candidates, {len(chosen)} chosen in {len({c.split('/')[0] for c in chosen})} folders", file=sys.stderr)
for c in chosen:
    print(c)
