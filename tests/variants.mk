# Variant loader tests: CUnit unit tests with golden diagnostics for the
# files in tests/bad/, and `menagerie check` over every shipped variant.
check_PROGRAMS += tests/test_variant_load
tests_test_variant_load_SOURCES = tests/test_variant_load.c
tests_test_variant_load_CPPFLAGS = $(AM_CPPFLAGS) $(CUNIT_CFLAGS) $(YAML_CFLAGS)
tests_test_variant_load_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS)
TESTS += tests/test_variant_load tests/check-variants.sh

# Variants sent over a protocol (varset_define).
check_PROGRAMS += tests/test_variant_define
tests_test_variant_define_SOURCES = tests/test_variant_define.c
tests_test_variant_define_CPPFLAGS = $(AM_CPPFLAGS) $(CUNIT_CFLAGS) $(YAML_CFLAGS)
tests_test_variant_define_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS)
TESTS += tests/test_variant_define

# The pictures of `menagerie show --svg`: well-formed SVG, drawn right.
TESTS += tests/svg.sh
EXTRA_DIST += tests/svg.sh tests/svg_check.py tests/data/svg/escape.yaml

EXTRA_DIST += tests/check-variants.sh $(variant_bad_files)
variant_bad_files = \
	tests/bad/README \
	tests/bad/alias_bomb.yaml tests/bad/alias_bomb.expected \
	tests/bad/alias_depth.yaml tests/bad/alias_depth.expected \
	tests/bad/alias_self.yaml tests/bad/alias_self.expected \
	tests/bad/bad_xbetza.yaml tests/bad/bad_xbetza.expected \
	tests/bad/capture_rules.yaml tests/bad/capture_rules.expected \
	tests/bad/contagion.yaml tests/bad/contagion.expected \
	tests/bad/range_capture.yaml tests/bad/range_capture.expected \
	tests/bad/burns.yaml tests/bad/burns.expected \
	tests/bad/checks.yaml tests/bad/checks.expected \
	tests/bad/long_text.yaml tests/bad/long_text.expected \
	tests/bad/board_overflow.yaml tests/bad/board_overflow.expected \
	tests/bad/duplicate.yaml tests/bad/duplicate.expected \
	tests/bad/eval.yaml tests/bad/eval.expected \
	tests/bad/extends_cycle.yaml tests/bad/extends_cycle.expected \
	tests/bad/extends_path_a.yaml tests/bad/extends_path_a.expected \
	tests/bad/extends_path_b.yaml tests/bad/extends_path_b.expected \
	tests/bad/extends_self.yaml tests/bad/extends_self.expected \
	tests/bad/extends_alias_self.yaml tests/bad/extends_alias_self.expected \
	tests/bad/extra_moves.yaml tests/bad/extra_moves.expected \
	tests/bad/facing_lines.yaml tests/bad/facing_lines.expected \
	tests/bad/start_castling.yaml tests/bad/start_castling.expected \
	tests/bad/flexible_castling.yaml tests/bad/flexible_castling.expected \
	tests/bad/start_side.yaml tests/bad/start_side.expected \
	tests/bad/start_holdings.yaml tests/bad/start_holdings.expected \
	tests/bad/start_no_hand.yaml tests/bad/start_no_hand.expected \
	tests/bad/fen_width.yaml tests/bad/fen_width.expected \
	tests/bad/janggi_rules.yaml tests/bad/janggi_rules.expected \
	tests/bad/in_place.yaml tests/bad/in_place.expected \
	tests/bad/pickup.yaml tests/bad/pickup.expected \
	tests/bad/merge_key.yaml tests/bad/merge_key.expected \
	tests/bad/missing_parent.yaml tests/bad/missing_parent.expected \
	tests/bad/multileg.yaml tests/bad/multileg.expected \
	tests/bad/mychess.yaml tests/bad/mychess.expected \
	tests/bad/numbers.yaml tests/bad/numbers.expected \
	tests/bad/promotion.yaml tests/bad/promotion.expected \
	tests/bad/promotion_zone.yaml tests/bad/promotion_zone.expected \
	tests/bad/regions.yaml tests/bad/regions.expected \
	tests/bad/tabs.yaml tests/bad/tabs.expected \
	tests/bad/turn.yaml tests/bad/turn.expected \
	tests/bad/types.yaml tests/bad/types.expected
