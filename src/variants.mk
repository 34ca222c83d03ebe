# Variant files: loader, built-in copies, check/list/show commands.
src_libengine_a_SOURCES += \
	src/diag.h src/diag.c \
	src/variant_load.h src/variant_load.c \
	src/variant_cmds.h src/variant_cmds.c
src_libengine_a_CPPFLAGS += -DPKGDATADIR='"$(pkgdatadir)"'

# The shipped variant files: installed for users to read and copy, and
# compiled into the program (src/variants_builtin.c is generated from these
# same files, so there is never a second copy to keep in step).
variantsdir = $(pkgdatadir)/variants
dist_variants_DATA = \
	variants/chess.yaml variants/nocastle.yaml variants/fischerandom.yaml \
	variants/capablanca.yaml variants/caparandom.yaml variants/gothic.yaml \
	variants/janus.yaml variants/embassy.yaml variants/grand.yaml \
	variants/courier.yaml variants/courier-traditional.yaml variants/los-alamos.yaml \
	variants/horde.yaml variants/atomic.yaml variants/seirawan.yaml \
	variants/shatranj.yaml variants/makruk.yaml \
	variants/asean.yaml variants/knightmate.yaml variants/berolina.yaml \
	variants/crazyhouse.yaml variants/3check.yaml variants/kingofthehill.yaml \
	variants/giveaway.yaml variants/suicide.yaml variants/losers.yaml \
	variants/extinction.yaml variants/shogi.yaml variants/minishogi.yaml \
	variants/euroshogi.yaml variants/xiangqi.yaml variants/minixiangqi.yaml \
	variants/nursery.yaml variants/menagerie.yaml

# A build-machine tool (it only reads and writes text files).
noinst_PROGRAMS += src/embed_variants
src_embed_variants_SOURCES = src/embed_variants.c

nodist_src_libengine_a_SOURCES = src/variants_builtin.c
BUILT_SOURCES += src/variants_builtin.c
CLEANFILES += src/variants_builtin.c

src/variants_builtin.c: $(dist_variants_DATA) src/embed_variants$(EXEEXT)
	$(AM_V_GEN)src/embed_variants$(EXEEXT) $@ $(srcdir) $(dist_variants_DATA)
