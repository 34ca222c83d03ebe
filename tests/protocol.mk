# Protocol transcript tests (CECP and UCI): tests/protocol/NAME.in is fed
# to the engine by tests/protocol.sh and the answers compared with NAME.out.
# tests/cli.sh runs the command lines of tests/protocol/cli.t the same way.
TESTS += tests/protocol.sh tests/cli.sh
PROTOCOL_TRANSCRIPTS = analyze bareking busy clocks edit eof errors game handshake longline \
	numbers ponder setscore variants varpath
PROTOCOL_UCI_TRANSCRIPTS = basic clocks eof longline numbers search
EXTRA_DIST += tests/protocol.sh tests/cli.sh \
	tests/protocol/cli.t tests/protocol/bad-suite.perft \
	$(PROTOCOL_TRANSCRIPTS:%=tests/protocol/cecp-%.in) \
	$(PROTOCOL_TRANSCRIPTS:%=tests/protocol/cecp-%.out) \
	$(PROTOCOL_UCI_TRANSCRIPTS:%=tests/protocol/uci-%.in) \
	$(PROTOCOL_UCI_TRANSCRIPTS:%=tests/protocol/uci-%.out)
