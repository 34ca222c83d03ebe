# tests/fuzz/: libFuzzer targets (clang -fsanitize=fuzzer,address,undefined).
#
# `make fuzz` builds them in a tree of their own (_fuzz/, configured with
# CC=clang --enable-fuzzing from the distribution, like check-sanitizers)
# and runs each for FUZZ_SECONDS with seed corpora made from the shipped
# variants, the perft FENs, the protocol transcripts and the XBetza
# vectors.  Corpora and crash artifacts go to fuzz-out/ in the build
# directory.  FUZZ_TARGETS picks some of the targets.  (No -Werror there:
# clang warns about things GCC does not, and warnings are not this job.)
FUZZ_ALL_TARGETS = fuzz_fen fuzz_xbetza fuzz_variant fuzz_protocol
FUZZ_TARGETS = $(FUZZ_ALL_TARGETS)
FUZZ_SECONDS = 60
FUZZ_FILES = tests/fuzz/fuzz_common.h tests/fuzz/fuzz_common.c tests/fuzz/fen_variants.h \
	tests/fuzz/fuzz_fen.c tests/fuzz/fuzz_xbetza.c tests/fuzz/fuzz_variant.c \
	tests/fuzz/fuzz_protocol.c
EXTRA_DIST += $(FUZZ_FILES) tests/fuzz/run.sh tests/fuzz/fuzz_variant.dict \
	tests/fuzz/fuzz_protocol.dict

if FUZZING
FUZZ_LIBS = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS)
FUZZ_LINK_FLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
FUZZ_INCLUDES = $(AM_CPPFLAGS) $(YAML_CFLAGS)
EXTRA_PROGRAMS = tests/fuzz/fuzz_fen tests/fuzz/fuzz_xbetza tests/fuzz/fuzz_variant \
	tests/fuzz/fuzz_protocol
tests_fuzz_fuzz_fen_SOURCES = tests/fuzz/fuzz_fen.c tests/fuzz/fen_variants.h \
	tests/fuzz/fuzz_common.c tests/fuzz/fuzz_common.h
tests_fuzz_fuzz_fen_CPPFLAGS = $(FUZZ_INCLUDES)
tests_fuzz_fuzz_fen_LDFLAGS = $(FUZZ_LINK_FLAGS)
tests_fuzz_fuzz_fen_LDADD = $(FUZZ_LIBS)
tests_fuzz_fuzz_xbetza_SOURCES = tests/fuzz/fuzz_xbetza.c \
	tests/fuzz/fuzz_common.c tests/fuzz/fuzz_common.h
tests_fuzz_fuzz_xbetza_CPPFLAGS = $(FUZZ_INCLUDES)
tests_fuzz_fuzz_xbetza_LDFLAGS = $(FUZZ_LINK_FLAGS)
tests_fuzz_fuzz_xbetza_LDADD = $(FUZZ_LIBS)
tests_fuzz_fuzz_variant_SOURCES = tests/fuzz/fuzz_variant.c \
	tests/fuzz/fuzz_common.c tests/fuzz/fuzz_common.h
tests_fuzz_fuzz_variant_CPPFLAGS = $(FUZZ_INCLUDES)
tests_fuzz_fuzz_variant_LDFLAGS = $(FUZZ_LINK_FLAGS)
tests_fuzz_fuzz_variant_LDADD = $(FUZZ_LIBS)
tests_fuzz_fuzz_protocol_SOURCES = tests/fuzz/fuzz_protocol.c \
	tests/fuzz/fuzz_common.c tests/fuzz/fuzz_common.h
tests_fuzz_fuzz_protocol_CPPFLAGS = $(FUZZ_INCLUDES)
tests_fuzz_fuzz_protocol_LDFLAGS = $(FUZZ_LINK_FLAGS)
tests_fuzz_fuzz_protocol_LDADD = $(FUZZ_LIBS)

# In the instrumented tree: build the targets only.
fuzz-targets: $(EXTRA_PROGRAMS)
endif

fuzz:
	@if test -z "$(FUZZ_CC)"; then \
	  echo "make fuzz needs clang with libFuzzer: install the Debian packages clang and"; \
	  echo "libclang-rt-dev (\$$(command -v sudo) apt-get install -y clang libclang-rt-dev),"; \
	  echo "then run ./configure again."; \
	  exit 1; \
	fi
	$(MAKE) $(AM_MAKEFLAGS) dist
	rm -rf _fuzz && mkdir _fuzz
	tar -xzf $(distdir).tar.gz -C _fuzz
	cd _fuzz/$(distdir) && ./configure CC="$(FUZZ_CC)" --enable-fuzzing \
	  && $(MAKE) $(AM_MAKEFLAGS) fuzz-targets
	$(SHELL) $(srcdir)/tests/fuzz/run.sh _fuzz/$(distdir)/tests/fuzz $(srcdir) fuzz-out \
	  $(FUZZ_SECONDS) $(FUZZ_TARGETS)

.PHONY: fuzz fuzz-targets
