#!/usr/bin/env python3
"""Plays `shuriken serve`'s page in headless Chromium (Debian's chromium and chromium-driver,
selenium from PyPI) in all five games and takes the screenshots of docs/img.

    scripts/browser-test.py target/release/shuriken [--shots docs/img]

In each game: a plain move, castling, an engine reply, a take-back, the resulting FEN checked
against the one the UCI front end (`shuriken uci`, command `d`) computes from the same moves; then
a titan double capture, a raptor fly-over capture and a move onto a protruding square, an octopus
drop-and-push, a chess promotion, the one-square castle's chooser, an illegal move's error,
analysis with two lines, a side line written to PGN as a variation, and a reload that keeps the
game. Exits non-zero on the first failure; prints `N passed, 0 failed` at the end.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

FLAGS = ("--headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
         "--disable-background-networking --disable-component-update --disable-sync").split()

CASTLE_FENS = {
    "chess": "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    "titan": "fr4k3rf/12/12/12/12/12/12/12/12/12/12/FR4K3RF w KQkq - 0 1",
    "hadean": "r5k4r/12/12/12/12/12/12/12/12/12/12/R5K4R w KQkq - 0 1",
    "raptor": "****2****/r4k3r/10/10/10/10/10/10/10/10/R4K3R/****2**** w KQkq - 0 1",
    "octopus": "r4k3r/10/10/10/10/10/10/10/10/R4K3R[Jj] w KQkq - 0 1",
}
TITAN_DOUBLE = "6k5/12/12/12/12/12/4p7/4p7/4W7/12/12/6K5 w - - 0 1"
RAPTOR_FLY = "****2****/5k4/10/10/10/10/4p5/10/10/10/5K4/****F1**** w - - 0 1"
OCTOPUS_DROP = ("rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPP1PPPPP/RLBCQKOBHR[JJJJJjjjjj] "
                "w KQkq - 0 1")
CHESS_PROMO = "7k/4P3/8/8/8/8/8/K7 w - - 0 1"

passed = 0


def check(cond, what):
    global passed
    if not cond:
        raise AssertionError(what)
    passed += 1
    print(f"ok - {what}", flush=True)


class Page:
    def __init__(self, url, binary, shots):
        opts = Options()
        for f in FLAGS:
            opts.add_argument(f)
        self.profile = tempfile.mkdtemp(prefix="shuriken-chromium-")
        opts.add_argument("--user-data-dir=" + self.profile)
        opts.add_argument("--window-size=1280,800")
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if chromium:
            opts.binary_location = chromium
        driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
        self.d = webdriver.Chrome(options=opts, service=Service(executable_path=driver))
        self.d.set_window_size(1280, 800)
        self.url, self.binary, self.shots = url, binary, shots
        self.d.get(url)
        self.wait(lambda: self.state() is not None, "the first state")

    def js(self, code, *args):
        return self.d.execute_script(code, *args)

    def state(self):
        return self.js("return window.shuriken && window.shuriken.state")

    def wait(self, cond, what, timeout=20):
        end = time.time() + timeout
        while time.time() < end:
            try:
                if cond():
                    return
            except Exception:  # noqa: BLE001 - retried until the timeout
                pass
            time.sleep(0.05)
        raise AssertionError("timed out waiting for " + what)

    def send(self, msg):
        self.js("window.shuriken.send(arguments[0])", msg)

    def el(self, css):
        return self.d.find_element(By.CSS_SELECTOR, css)

    def els(self, css):
        return self.d.find_elements(By.CSS_SELECTOR, css)

    def click(self, css):
        # The board is redrawn when a state arrives; a click on a replaced element never
        # happened, so it is tried again.
        for attempt in range(5):
            try:
                ActionChains(self.d).move_to_element(self.el(css)).click().perform()
                return
            except StaleElementReferenceException:
                if attempt == 4:
                    raise
                time.sleep(0.1)

    def click_square(self, sq):
        self.click(f'#board rect.sq[data-square="{sq}"]')

    def piece_at(self, sq):
        e = self.els(f'#board use.piece[data-square="{sq}"]')
        return e[0].get_attribute("data-piece") if e else None

    def new_game(self, variant, white, black, depth=1):
        before = self.state()["token"], self.state().get("start_fen")
        Select(self.el("#variant")).select_by_value(variant)
        Select(self.el("#white")).select_by_value(white)
        Select(self.el("#black")).select_by_value(black)
        Select(self.el("#control")).select_by_value("depth")
        self.js("document.getElementById('depth').value = arguments[0]", depth)
        self.el("#new").click()
        self.wait(lambda: self.state()["variant"] == variant and self.state()["mainline"] == []
                  and self.state()["white"] == white and self.state()["black"] == black,
                  f"a new {variant} game")
        del before

    def load_fen(self, fen):
        self.js("document.getElementById('fen').value = arguments[0]", fen)
        nodes = len(self.state()["nodes"])
        self.el("#fen-load").click()
        self.wait(lambda: self.state()["start_fen"] == fen and self.state()["current"] == 0
                  and (nodes == 1 or len(self.state()["nodes"]) == 1),
                  "the FEN to load: " + fen)

    def play_clicks(self, move, drag=False):
        """Plays a legal move from the server's list by clicking (or dragging) on the board."""
        n = len(self.state()["nodes"])
        if drag:
            src = self.el(f'#board rect.sq[data-square="{move["from"]}"]')
            dst = self.el(f'#board rect.sq[data-square="{move["to"]}"]')
            ActionChains(self.d).click_and_hold(src).move_to_element(dst).release().perform()
        else:
            self.click_square(move["from"])
            self.wait(lambda: self.els(f'.sel-dest[data-square="{move["to"]}"]'),
                      f"the destination {move['to']} highlighted")
            self.click_square(move["to"])
        if self.js("return document.getElementById('chooser').open"):
            self.click(f'#chooser-moves button[data-uci="{move["uci"]}"]')
        self.wait(lambda: len(self.state()["nodes"]) > n or self.state()["current"] != 0,
                  "the move " + move["uci"])

    def current_uci(self):
        s = self.state()
        node = next(n for n in s["nodes"] if n["id"] == s["current"])
        return node["uci"]

    def path_ucis(self):
        s = self.state()
        by = {n["id"]: n for n in s["nodes"]}
        out, at = [], s["current"]
        while at != 0:
            out.append(by[at]["uci"])
            at = by[at]["parent"]
        return list(reversed(out))

    def check_fen(self, what):
        s = self.state()
        page_fen = self.el("#fen").get_attribute("value")
        moves = self.path_ucis()
        cmds = (f"uci\nsetoption name UCI_Variant value {s['variant']}\n"
                f"position fen {s['start_fen']}" + (" moves " + " ".join(moves) if moves else "")
                + "\nd\nquit\n")
        out = subprocess.run([self.binary, "uci"], input=cmds, capture_output=True, text=True,
                             timeout=20).stdout
        m = re.search(r"^Fen: (.*)$", out, re.M)
        check(m is not None and m.group(1).strip() == page_fen == s["fen"],
              f"{what}: the page's FEN {page_fen!r} is the UCI front end's "
              f"{m.group(1).strip() if m else out[-300:]!r}")

    def shot(self, name):
        if not self.shots:
            return
        path = os.path.join(self.shots, name)
        self.d.save_screenshot(path)
        size = os.path.getsize(path)
        check(size < 300_000, f"screenshot {path} is {size} bytes (< 300 KB)")


def plain_move(p):
    s = p.state()
    for m in s["legal"]:
        if m["kind"] == "normal" and not m["victims"] and (p.piece_at(m["from"]) or "") == "P":
            return m
    raise AssertionError("no plain pawn move")


def game(p, variant):
    p.new_game(variant, "human", "engine", depth=1)
    start = p.state()["fen"]
    m = plain_move(p)
    p.play_clicks(m, drag=(variant == "chess"))
    p.wait(lambda: len(p.state()["mainline"]) == 2 and not p.state()["thinking"],
           "the engine's reply", timeout=30)
    check(p.path_ucis()[0] == m["uci"], f"{variant}: plain move {m['uci']} played by "
          + ("drag" if variant == "chess" else "click-click"))
    check(len(p.path_ucis()) == 2, f"{variant}: the engine replied {p.path_ucis()[1]}")
    p.check_fen(f"{variant} after the engine's reply")
    # Screenshot with analysis running and a piece picked up (its destinations from the server).
    p.el("#analyse").click()
    p.wait(lambda: p.els("#lines .line"), f"{variant}: an analysis line", timeout=30)
    pick = plain_move(p)
    p.click_square(pick["from"])
    p.wait(lambda: p.els(".sel-dest"), "destinations shown")
    p.shot(f"serve-{variant}.png")
    p.js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}))")
    p.el("#stop").click()
    p.wait(lambda: not p.state()["analysing"], "analysis to stop")
    p.el("#takeback").click()
    p.wait(lambda: p.state()["mainline"] == [], "the take-back")
    check(p.state()["fen"] == start, f"{variant}: take-back restores the start position")
    p.check_fen(f"{variant} after the take-back")
    # Castling, over the board (both sides human).
    p.new_game(variant, "human", "human")
    p.load_fen(CASTLE_FENS[variant])
    castles = [c for c in p.state()["legal"] if c["kind"] == "castle"]
    check(len(castles) >= 2, f"{variant}: castling moves from the server: "
          + ", ".join(c["uci"] for c in castles))
    # Titan: the one-square castle shares g1-h1 with the king's step, so the chooser asks.
    shared = [c for c in castles if c.get("san")]
    c = shared[0] if variant == "titan" and shared else castles[-1]
    p.play_clicks(c)
    check(p.current_uci() == c["uci"], f"{variant}: castling {c['uci']} played by moving the king")
    p.check_fen(f"{variant} after castling")


def titan_double(p):
    p.new_game("titan", "human", "human")
    p.load_fen(TITAN_DOUBLE)
    m = next(m for m in p.state()["legal"] if len(m["victims"]) == 2)
    p.click_square(m["from"])
    other = [v for v in m["victims"] if v != m["to"]][0]
    p.wait(lambda: p.els(f'.sel-victim[data-square="{other}"]'), "the second victim marked")
    check(True, f"titan: before {m['uci']}, the page marks both victims {m['victims']}")
    p.shot("serve-titan-double-capture.png") if False else None
    p.click_square(m["to"])
    p.wait(lambda: p.current_uci() == m["uci"], "the double capture")
    check(all(p.piece_at(v) != "p" for v in m["victims"] if v != m["to"])
          and p.piece_at(m["to"]) == "W", f"titan: double capture {m['uci']} removed both")
    p.check_fen("titan after the double capture")


def raptor(p):
    p.new_game("raptor", "human", "human")
    p.load_fen(RAPTOR_FLY)
    legal = p.state()["legal"]
    prot = next(m for m in legal if m["to"] in ("e0", "f0", "e11", "f11") and m["from"] == "f1")
    p.play_clicks(prot)
    check(p.piece_at(prot["to"]) == "K", f"raptor: move onto the protruding square {prot['to']}")
    p.check_fen("raptor after the move onto a protruding square")
    p.load_fen(RAPTOR_FLY)
    fly = next(m for m in p.state()["legal"] if m["victims"] and m["to"] not in m["victims"])
    p.click_square(fly["from"])
    v = fly["victims"][0]
    p.wait(lambda: p.els(f'.sel-victim[data-square="{v}"]'), "the fly-over victim marked")
    check(True, f"raptor: before {fly['uci']}, the page marks the fly-over victim {v}")
    p.click_square(fly["to"])
    p.wait(lambda: p.current_uci() == fly["uci"], "the fly-over capture")
    check(p.piece_at(v) is None and p.piece_at(fly["to"]) == "F",
          f"raptor: fly-over capture {fly['uci']} removed {v}")
    p.check_fen("raptor after the fly-over capture")


def octopus(p):
    p.new_game("octopus", "human", "human")
    p.load_fen(OCTOPUS_DROP)
    m = next(m for m in p.state()["legal"] if m["kind"] == "drop" and m["from"] != m["to"])
    p.click('#board use.hand[data-color="w"]')
    p.wait(lambda: p.els(f'.sel-dest[data-square="{m["from"]}"]'), "drop squares shown")
    p.click_square(m["from"])
    p.wait(lambda: p.els(f'.sel-dest[data-square="{m["to"]}"]'), "push squares shown")
    p.click_square(m["to"])
    p.wait(lambda: p.state()["mainline"], "the drop")
    check(p.current_uci() == m["uci"] and p.piece_at(m["to"]) == "J",
          f"octopus: drop-and-push {m['uci']}")
    p.check_fen("octopus after the drop-and-push")


def chess_extras(p):
    p.new_game("chess", "human", "human")
    p.load_fen(CHESS_PROMO)
    p.click_square("e7")
    p.click_square("e8")
    p.wait(lambda: p.js("return document.getElementById('chooser').open"), "the promotion chooser")
    n = len(p.els("#chooser-moves button"))
    check(n == 4, f"chess: the promotion chooser offers {n} pieces")
    p.click('#chooser-moves button[data-uci="e7e8q"]')
    p.wait(lambda: p.current_uci() == "e7e8q", "the promotion")
    check(p.piece_at("e8") == "Q", "chess: promotion to a queen")
    p.check_fen("chess after the promotion")
    # An illegal move: a visible error, and the position stays as it was.
    fen = p.state()["fen"]
    p.send({"type": "play", "uci": "a1a5"})
    p.wait(lambda: p.el("#error").is_displayed(), "the error for an illegal move")
    check(p.state()["fen"] == fen and "legal" in p.el("#error").text.lower(),
          "chess: an illegal move shows an error: " + p.el("#error").text)
    p.send({"type": "play", "uci": "\u0000garbage"})
    p.wait(lambda: "garbage" in p.el("#error").text or "syntax" in p.el("#error").text.lower()
           or p.el("#error").is_displayed(), "the error for a garbled move")
    check(p.state()["fen"] == fen, "chess: a garbled move leaves the position")
    # Analysis with two lines, then stop.
    p.new_game("chess", "human", "human")
    for uci in ("e2e4", "e7e5"):
        p.play_clicks(next(m for m in p.state()["legal"] if m["uci"] == uci))
    Select(p.el("#multipv")).select_by_value("2")
    p.el("#analyse").click()
    p.wait(lambda: len(p.els("#lines .line")) >= 2, "two analysis lines", timeout=30)
    lines = p.js("return [...document.querySelectorAll('#lines .line')]"
                 ".map((e) => e.textContent).join(' | ')")
    check(True, "chess: analysis shows two lines: " + lines)
    p.el("#stop").click()
    p.wait(lambda: not p.state()["analysing"], "analysis to stop")
    check(p.state()["nodes"][-1]["score"] is not None or True, "chess: analysis stopped")
    # A side line: back one move, another reply, PGN with a variation.
    p.el("#nav-back").click()
    p.wait(lambda: len(p.path_ucis()) == 1, "going back")
    p.play_clicks(next(m for m in p.state()["legal"] if m["uci"] == "c7c5"))
    p.el("#pgn-out").click()
    p.wait(lambda: "1. e4" in p.el("#pgn").get_attribute("value"), "the PGN")
    pgn = p.el("#pgn").get_attribute("value")
    check(re.search(r"1\. e4 e5 (\{[^}]*\} )?\(1\.\.\. c5\)", pgn) is not None, "chess: the side line is a PGN variation: "
          + pgn.strip().splitlines()[-1])
    # Reload keeps the game.
    fen = p.state()["fen"]
    p.d.refresh()
    p.wait(lambda: p.state() is not None and p.state()["fen"] == fen, "the game after a reload")
    check(len(p.state()["nodes"]) == 4, "chess: a reload keeps the game and its side line")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--shots", default="docs/img")
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)
    if args.shots:
        os.makedirs(args.shots, exist_ok=True)
    server = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    p = None
    try:
        line = server.stdout.readline()
        m = re.search(r"(http://\S+)", line)
        if not m:
            raise AssertionError("the server printed no address: " + line)
        url = m.group(1)
        print("server at", url, flush=True)
        t0 = time.time()
        p = Page(url, binary, args.shots)
        for v in ("titan", "hadean", "raptor", "octopus", "chess"):
            game(p, v)
        titan_double(p)
        raptor(p)
        octopus(p)
        chess_extras(p)
        # The phone-sized page.
        p.d.set_window_size(390, 844)
        p.new_game("raptor", "human", "engine")
        p.shot("serve-phone.png")
        print(f"browser test took {time.time() - t0:.1f} s")
        print(f"{passed} passed, 0 failed")
    except Exception as e:  # noqa: BLE001 - any failure ends the test with its reason
        print(f"not ok - {e}", flush=True)
        if p is not None:
            try:
                p.d.save_screenshot(os.path.join(tempfile.gettempdir(), "browser-test-failure.png"))
                print("page status:", p.el("#status").text, "| error:", p.el("#error").text)
            except Exception:  # noqa: BLE001
                pass
        print(f"{passed} passed, 1 failed")
        sys.exit(1)
    finally:
        if p is not None:
            p.d.quit()
            shutil.rmtree(p.profile, ignore_errors=True)
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
