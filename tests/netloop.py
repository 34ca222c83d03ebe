#!/usr/bin/env python3
"""Tests of tools/menagerie-netloop on a tiny loop (gardner, a few games at
a few hundred nodes, a 16-wide network): a generation's stages run in
order, a run stopped in a stage goes on from that stage without playing
the games again, H1 ships the candidate with its lineage, and the loop
stops after --patience SPRTs without a pass."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
from script_module import load_script  # noqa: E402 (tests/, the script's own folder)
SRCDIR = os.path.abspath(os.environ.get("top_srcdir", os.path.join(os.path.dirname(__file__),
                                                                     "..")))
BUILDDIR = os.path.abspath(os.environ.get("top_builddir", SRCDIR))
LOOP = os.path.join(SRCDIR, "tools", "menagerie-netloop")
ENGINE = os.path.join(BUILDDIR, "menagerie")


class NetLoop(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="netloop-")
        cls.work = os.path.join(cls.tmp, "work")
        cls.args = ["-v", "gardner", "--engine", ENGINE, "--work", cls.work,
                    "--data-dir", os.path.join(cls.tmp, "data"), "--games", "6",
                    "--nodes", "200", "--epochs", "1", "--train-args", "--hidden 16",
                    "--sprt-nodes", "200", "--max-games", "4"]

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def loop(self, *extra):
        return subprocess.run([sys.executable, LOOP] + self.args + list(extra),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              universal_newlines=True)

    def state(self):
        with open(os.path.join(self.work, "state.json")) as f:
            return json.load(f)

    def commands(self, gen):
        with open(os.path.join(self.work, "gen-%d" % gen, "commands.txt")) as f:
            return [line.split(":")[0] for line in f]

    def test_1_stopped_generation_goes_on(self):
        # the SPRT fails (an option the match runner refuses): datagen and
        # train are done and recorded, the candidate is there
        bad = self.loop("--match-args=--no-such-option")
        self.assertNotEqual(bad.returncode, 0, bad.stdout)
        self.assertEqual(self.state()["done"], ["datagen", "train"])
        self.assertTrue(os.path.exists(os.path.join(self.work, "gen-1", "candidate.nnue")))
        # started again: only the SPRT and the verdict are left
        good = self.loop()
        self.assertEqual(good.returncode, 0, good.stdout)
        self.assertEqual(self.commands(1), ["datagen", "train", "sprt", "sprt"])
        st = self.state()
        self.assertEqual((st["generation"], st["done"]), (2, []))
        self.assertEqual(len(st["history"]), 1)
        self.assertNotEqual(st["history"][0]["verdict"], "H1")   # 4 games cannot pass
        self.assertEqual(st["misses"], 1)
        self.assertIsNone(st["current"])

    def test_2_h1_ships_with_lineage(self):
        netloop = load_script("netloop", LOOP)
        o = netloop.parse_args(self.args + ["--work", os.path.join(self.tmp, "ship")])
        loop = netloop.Loop(o)
        gen = loop.gen_dir()
        os.makedirs(gen)
        shutil.copyfile(os.path.join(self.work, "gen-1", "candidate.nnue"),
                        loop.candidate())
        with open(os.path.join(gen, "commands.txt"), "w") as f:
            f.write("train: menagerie train ...\n")
        loop.state["sprt"] = {"verdict": "H1", "summary": ["Games 40: +30 -5 =5"],
                              "command": "tools/menagerie-match ..."}
        loop.ship()
        current = os.path.join(o.work, "current.nnue")
        with open(current, "rb") as a, open(loop.candidate(), "rb") as b:
            self.assertEqual(a.read(), b.read())
        self.assertEqual(loop.state["current"], os.path.join(o.work, "net-gen-1.nnue"))
        with open(os.path.join(o.work, "LINEAGE.md")) as f:
            lineage = f.read()
        for text in ("net-gen-1.nnue", "Games 40: +30 -5 =5", "menagerie train", "positions"):
            self.assertIn(text, lineage)

    def test_3_patience(self):
        st = self.state()
        st["misses"] = 3
        with open(os.path.join(self.work, "state.json"), "w") as f:
            json.dump(st, f)
        out = self.loop("--generations", "5")
        self.assertEqual(out.returncode, 0, out.stdout)
        self.assertIn("stopped paying", out.stdout)
        self.assertEqual(self.state()["generation"], 2)      # nothing more was run

    def test_4_bad_options(self):
        for extra in (["--games", "0"], ["--sprt-nodes", "-1"]):
            out = self.loop(*extra)
            self.assertEqual(out.returncode, 2, out.stdout)
        other = subprocess.run([sys.executable, LOOP, "-v", "chess", "--engine", ENGINE,
                                "--work", self.work, "--dry-run"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               universal_newlines=True)
        self.assertNotEqual(other.returncode, 0)
        self.assertIn("belongs to variant gardner", other.stdout)


if __name__ == "__main__":
    unittest.main(verbosity=2)
