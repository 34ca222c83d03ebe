# Engine tests: positions, FEN, moves and rules (CUnit); perft against the
# shared reference counts.
check_PROGRAMS += tests/test_position
TESTS += tests/test_position tests/perft.sh tests/hostile-fen.sh
tests_test_position_SOURCES = tests/test_position.c
tests_test_position_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_test_position_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
tests_test_position_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS)
EXTRA_DIST += tests/data/many-moves/drops16.yaml tests/data/many-moves/queens16.yaml \
	tests/data/many-moves/too-many.yaml tests/data/many-moves/many.yaml
EXTRA_DIST += tests/perft.sh tests/hostile-fen.sh tests/data/perft/README.md \
	tests/data/perft/3check-crazyhouse.perft \
	tests/data/perft/3check.perft \
	tests/data/perft/4x5chess.perft \
	tests/data/perft/5check.perft \
	tests/data/perft/5x6chess.perft \
	tests/data/perft/ai-wok.perft \
	tests/data/perft/allwayspawns.perft \
	tests/data/perft/almost.perft \
	tests/data/perft/amazon.perft \
	tests/data/perft/anti-losalamos.perft \
	tests/data/perft/antichess.perft \
	tests/data/perft/antihouse.perft \
	tests/data/perft/antiminishogi.perft \
	tests/data/perft/armageddon.perft \
	tests/data/perft/atomic-giveaway-hill.perft \
	tests/data/perft/atomic-giveaway.perft \
	tests/data/perft/atomic.perft \
	tests/data/perft/atomiczh.perft \
	tests/data/perft/backrank.perft \
	tests/data/perft/berolina.perft \
	tests/data/perft/breakthrough.perft \
	tests/data/perft/caissa_britannia.perft \
	tests/data/perft/cambodian.perft \
	tests/data/perft/cannonshogi.perft \
	tests/data/perft/capablanca.perft \
	tests/data/perft/capahouse.perft \
	tests/data/perft/capturethequeen.perft \
	tests/data/perft/cashew-shogi.perft \
	tests/data/perft/centaur.perft \
	tests/data/perft/centaurking.perft \
	tests/data/perft/chak.perft \
	tests/data/perft/chancellor.perft \
	tests/data/perft/chaturanga.perft \
	tests/data/perft/checkshogi.perft \
	tests/data/perft/chess.perft \
	tests/data/perft/chessgi.perft \
	tests/data/perft/chessvshp.perft \
	tests/data/perft/chigorin.perft \
	tests/data/perft/clobber.perft \
	tests/data/perft/clobber10.perft \
	tests/data/perft/codrus.perft \
	tests/data/perft/coffeehouse.perft \
	tests/data/perft/coregal.perft \
	tests/data/perft/corner_chess.perft \
	tests/data/perft/corridor_chess.perft \
	tests/data/perft/courier.perft \
	tests/data/perft/crazyhouse.perft \
	tests/data/perft/crowdedxiangqi.perft \
	tests/data/perft/diagonal_chess.perft \
	tests/data/perft/diamond_chess.perft \
	tests/data/perft/diana.perft \
	tests/data/perft/dobutsu.perft \
	tests/data/perft/doublearmy.perft \
	tests/data/perft/dragon.perft \
	tests/data/perft/dragonfly.perft \
	tests/data/perft/elven.perft \
	tests/data/perft/embassy.perft \
	tests/data/perft/empire.perft \
	tests/data/perft/enlarged_and_improved_chess.perft \
	tests/data/perft/euroshogi.perft \
	tests/data/perft/extinction.perft \
	tests/data/perft/fox-and-hounds.perft \
	tests/data/perft/fullmoon.perft \
	tests/data/perft/gardner.perft \
	tests/data/perft/gemini.perft \
	tests/data/perft/georgian.perft \
	tests/data/perft/giveaway.perft \
	tests/data/perft/gorogoro.perft \
	tests/data/perft/gorogoronl_shogi.perft \
	tests/data/perft/gothhouse.perft \
	tests/data/perft/gothic.perft \
	tests/data/perft/grand.perft \
	tests/data/perft/grandhouse.perft \
	tests/data/perft/grasshopper.perft \
	tests/data/perft/gustav3.perft \
	tests/data/perft/hexapawn.perft \
	tests/data/perft/hoppelpoppel.perft \
	tests/data/perft/greatshatranj.perft \
	tests/data/perft/horde.perft \
	tests/data/perft/janggi.perft \
	tests/data/perft/janggicasual.perft \
	tests/data/perft/janggihouse.perft \
	tests/data/perft/janggimodern.perft \
	tests/data/perft/janggitraditional.perft \
	tests/data/perft/janus.perft \
	tests/data/perft/jesonmor.perft \
	tests/data/perft/judkins.perft \
	tests/data/perft/kamikazerooks.perft \
	tests/data/perft/karouk.perft \
	tests/data/perft/khans.perft \
	tests/data/perft/kinglet.perft \
	tests/data/perft/kingofthehill.perft \
	tests/data/perft/knightmate.perft \
	tests/data/perft/legan.perft \
	tests/data/perft/lionchess.perft \
	tests/data/perft/checkerchess.perft \
	tests/data/perft/longleaper.perft \
	tests/data/perft/chu.perft \
	tests/data/perft/massacre.perft \
	tests/data/perft/microchess.perft \
	tests/data/perft/misere.perft \
	tests/data/perft/okisakishogi.perft \
	tests/data/perft/paradigm.perft \
	tests/data/perft/pawnsonly.perft \
	tests/data/perft/raazuvaa.perft \
	tests/data/perft/semitorpedo.perft \
	tests/data/perft/sherwin.perft \
	tests/data/perft/sho.perft \
	tests/data/perft/werewolf.perft \
	tests/data/perft/tenjiku.perft \
	tests/data/perft/dai.perft \
	tests/data/perft/loop.perft \
	tests/data/perft/losers.perft \
	tests/data/perft/maharaja.perft \
	tests/data/perft/maharajah2.perft \
	tests/data/perft/makpong.perft \
	tests/data/perft/makruk.perft \
	tests/data/perft/manchu.perft \
	tests/data/perft/mansindam.perft \
	tests/data/perft/marseillais.perft \
	tests/data/perft/mightylion.perft \
	tests/data/perft/minihouse.perft \
	tests/data/perft/minishogi.perft \
	tests/data/perft/kyotoshogi.perft \
	tests/data/perft/micro.perft \
	tests/data/perft/minixiangqi.perft \
	tests/data/perft/modern.perft \
	tests/data/perft/monster.perft \
	tests/data/perft/musketeer.perft \
	tests/data/perft/newzealand.perft \
	tests/data/perft/nightrider.perft \
	tests/data/perft/ninth-century-indian-chess.perft \
	tests/data/perft/nocheckatomic.perft \
	tests/data/perft/omega.perft \
	tests/data/perft/omicron.perft \
	tests/data/perft/opulent.perft \
	tests/data/perft/orda.perft \
	tests/data/perft/ordamirror.perft \
	tests/data/perft/pawnback.perft \
	tests/data/perft/pawnsideways.perft \
	tests/data/perft/peasant.perft \
	tests/data/perft/perfect.perft \
	tests/data/perft/placement.perft \
	tests/data/perft/pocketknight.perft \
	tests/data/perft/progressive.perft \
	tests/data/perft/racingkings.perft \
	tests/data/perft/roman.perft \
	tests/data/perft/schoolbook.perft \
	tests/data/perft/scottish-progressive.perft \
	tests/data/perft/seirawan.perft \
	tests/data/perft/shako.perft \
	tests/data/perft/shatar.perft \
	tests/data/perft/sittuyin.perft \
	tests/data/perft/bughouse.perft \
	tests/data/perft/koedem.perft \
	tests/data/perft/supply.perft \
	tests/data/perft/wildcastle.perft \
	tests/data/perft/shatranj.perft \
	tests/data/perft/shinobi.perft \
	tests/data/perft/shinobiplus.perft \
	tests/data/perft/shogi.perft \
	tests/data/perft/shogun.perft \
	tests/data/perft/shoshogi.perft \
	tests/data/perft/shouse.perft \
	tests/data/perft/sixthrank.perft \
	tests/data/perft/sortofalmost.perft \
	tests/data/perft/spanish-archer.perft \
	tests/data/perft/spartan.perft \
	tests/data/perft/super.perft \
	tests/data/perft/supercapablanca.perft \
	tests/data/perft/synochess.perft \
	tests/data/perft/tencubed.perft \
	tests/data/perft/theban.perft \
	tests/data/perft/threekings.perft \
	tests/data/perft/torishogi.perft \
	tests/data/perft/torpedo.perft \
	tests/data/perft/troitzky-chess-byway.perft \
	tests/data/perft/troitzky.perft \
	tests/data/perft/twilight_chess.perft \
	tests/data/perft/upsidedown.perft \
	tests/data/perft/viceroy.perft \
	tests/data/perft/wa-shogi-drop.perft \
	tests/data/perft/wa-shogi.perft \
	tests/data/perft/wildebeest.perft \
	tests/data/perft/wolf.perft \
	tests/data/perft/xiangqi.perft \
	tests/data/perft/xiangqihouse.perft \
	tests/data/perft/yarishogi.perft

# Every depth of every reference case (takes much longer than `make check`).
check-perft-full: menagerie$(EXEEXT)
	PERFT_MAX_NODES=0 top_srcdir=$(top_srcdir) top_builddir=$(top_builddir) \
	  $(SHELL) $(top_srcdir)/tests/perft.sh
.PHONY: check-perft-full

# The checked number reader every outside number goes through.
check_PROGRAMS += tests/test_number
TESTS += tests/test_number
tests_test_number_SOURCES = tests/test_number.c
tests_test_number_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_test_number_LDADD = src/libengine.a $(CUNIT_LIBS)

# Multi-leg moves: the engine's generator, attack test and make/unmake
# against the xbetza library's reference generator and XBoard's vectors.
check_PROGRAMS += tests/test_multileg
TESTS += tests/test_multileg
tests_test_multileg_SOURCES = tests/test_multileg.c
tests_test_multileg_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_test_multileg_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
tests_test_multileg_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS)
EXTRA_DIST += tests/data/multileg/zoo.yaml

# Turns of several moves (Marseillais, progressive, Monster chess): perft
# against a reference written from the rules, make/unmake and FEN over
# random games, game ends.
check_PROGRAMS += tests/test_turn
TESTS += tests/test_turn
tests_test_turn_SOURCES = tests/test_turn.c
tests_test_turn_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_test_turn_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
tests_test_turn_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS)
