# Protocol transcript tests (CECP and UCI): tests/protocol/NAME.in is fed
# to the engine by tests/protocol.sh and the answers compared with NAME.out.
# tests/cli.sh runs the command lines of tests/protocol/cli.t the same way.
TESTS += tests/protocol.sh tests/cli.sh
# The piece-to-char table of `setup`, read back as XBoard reads it.
check_PROGRAMS += tests/test_xboard_table
tests_test_xboard_table_SOURCES = tests/test_xboard_table.c
tests_test_xboard_table_CPPFLAGS = $(AM_CPPFLAGS) $(CUNIT_CFLAGS) $(YAML_CFLAGS)
tests_test_xboard_table_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS)
TESTS += tests/test_xboard_table
PROTOCOL_TRANSCRIPTS = analyze badfen badvariants bareking bughouse busy clocks counting define edit eof errors \
	flagclaim game \
	chu illegal handshake janggi longline numbers perpetual playon ponder pychess racingkings setscore skill \
	tourney turns variants varpath
PROTOCOL_UCI_TRANSCRIPTS = badfen badvariants basic bfen clocks console define eof illegal janggi \
	longline numbers search skill turns
# Broken variant files the badvariants transcripts load.
PROTOCOL_BAD_VARIANTS = \
	xbetza-bad-leg xbetza-bracket xbetza-coordinates xbetza-digits xbetza-long \
	xbetza-long-modifiers xbetza-lowercase-atom xbetza-modifier-only xbetza-range-overflow \
	xbetza-space xbetza-unbalanced xbetza-unknown-atom yaml-bad-start yaml-big-rule \
	yaml-big-value yaml-binary yaml-board-big yaml-board-word yaml-deep yaml-dup-key yaml-empty \
	yaml-empty-piece yaml-list yaml-no-parent yaml-scalar yaml-tab yaml-unclosed \
	yaml-unknown-key yaml-unterminated yaml-alias-self yaml-alias-bomb \
	yaml-board-overflow yaml-too-many-moves
# (tools/perft-speed: for its --help in cli.t)
EXTRA_DIST += tests/protocol.sh tests/cli.sh tools/perft-speed \
	tools/perft_fairy_stockfish.py tools/perft_sjaakii.py tools/perft_crosscheck.py \
	tools/hachu_highlight_check.py \
	tests/protocol/cli.t tests/protocol/bad-suite.perft tests/protocol/bad/README \
	tests/data/rules/nocheckdrops.yaml tests/data/rules/dropzones.yaml \
	$(PROTOCOL_BAD_VARIANTS:%=tests/protocol/bad/%.yaml) \
	$(PROTOCOL_TRANSCRIPTS:%=tests/protocol/cecp-%.in) \
	$(PROTOCOL_TRANSCRIPTS:%=tests/protocol/cecp-%.out) \
	$(PROTOCOL_UCI_TRANSCRIPTS:%=tests/protocol/uci-%.in) \
	$(PROTOCOL_UCI_TRANSCRIPTS:%=tests/protocol/uci-%.out)

# Console sessions typed through a pseudo-terminal (tests/console.py): a
# person at the terminal, tests/console/NAME.in against NAME.out.
TESTS += tests/console.sh
CONSOLE_TRANSCRIPTS = colour define eof help illegal nocolour play ranks shogi uci variants
EXTRA_DIST += tests/console.sh tests/console.py \
	$(CONSOLE_TRANSCRIPTS:%=tests/console/%.in) $(CONSOLE_TRANSCRIPTS:%=tests/console/%.out)
