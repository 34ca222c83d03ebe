# catalog/: variant files (YAML) read into variants: the search path, the
# built-in copies, `extends`, the schema, diagnostics with line and column.
src_libengine_a_SOURCES += \
	src/catalog/variant_load.h src/catalog/registry.c \
	src/catalog/documents.h src/catalog/documents.c \
	src/catalog/load.h src/catalog/load.c \
	src/catalog/extends.h src/catalog/extends.c \
	src/catalog/yaml_tree.h src/catalog/yaml_tree.c \
	src/catalog/schema.h src/catalog/schema.c \
	src/catalog/schema_values.c src/catalog/schema_pieces.c src/catalog/schema_promotion.c \
	src/catalog/schema_game.c src/catalog/schema_rules.c src/catalog/schema_eval.c \
	src/catalog/schema_turn.c \
	src/catalog/eval_write.h src/catalog/eval_write.c \
	src/catalog/regions.h src/catalog/regions.c \
	src/catalog/prepare.h src/catalog/prepare.c \
	src/catalog/nets.h src/catalog/nets.c

# The directory of the installed variants, compiled in through a header
# written at build time: written again whenever the value differs
# (configure run again with another prefix, `make install prefix=...`), and
# only then, so that the program is rebuilt exactly when its path changed
# (a -D flag is baked in with no dependency on it).
src_libengine_a_CPPFLAGS += -I$(top_builddir)/src
nodist_src_libengine_a_SOURCES = src/catalog/install_dirs.h
BUILT_SOURCES += src/catalog/install_dirs.h
CLEANFILES += src/catalog/install_dirs.h
src/catalog/install_dirs.h: FORCE
	@$(MKDIR_P) src/catalog
	@echo '#define PKGDATADIR "$(pkgdatadir)"' > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; \
	else mv $@.tmp $@ && echo "  GEN      $@ ($(pkgdatadir))"; fi
# (also for targets that skip BUILT_SOURCES, such as fuzz-targets)
src/catalog/libengine_a-registry.$(OBJEXT): src/catalog/install_dirs.h
src/catalog/libengine_a-nets.$(OBJEXT): src/catalog/install_dirs.h
FORCE:
.PHONY: FORCE

# The shipped variant files: installed for users to read and copy, and
# compiled into the program (src/catalog/variants_builtin.c is generated
# from these same files, so there is never a second copy to keep in step).
variantsdir = $(pkgdatadir)/variants
dist_variants_DATA = \
	variants/marseillais.yaml variants/progressive.yaml variants/monster.yaml \
	variants/scottish-progressive.yaml \
	variants/chess.yaml variants/nocastle.yaml variants/fischerandom.yaml \
	variants/capablanca.yaml variants/caparandom.yaml variants/gothic.yaml \
	variants/janus.yaml variants/embassy.yaml variants/grand.yaml \
	variants/courier.yaml variants/courier-traditional.yaml variants/los-alamos.yaml \
	variants/horde.yaml variants/atomic.yaml variants/seirawan.yaml \
	variants/shatranj.yaml variants/makruk.yaml variants/makpong.yaml variants/cambodian.yaml variants/karouk.yaml \
	variants/asean.yaml variants/knightmate.yaml variants/berolina.yaml \
	variants/crazyhouse.yaml variants/3check.yaml variants/kingofthehill.yaml \
	variants/giveaway.yaml variants/suicide.yaml variants/losers.yaml \
	variants/extinction.yaml variants/shogi.yaml variants/minishogi.yaml \
	variants/euroshogi.yaml variants/xiangqi.yaml variants/minixiangqi.yaml \
	variants/nursery.yaml variants/menagerie.yaml variants/shouse.yaml \
	variants/almost.yaml variants/amazon.yaml variants/georgian.yaml \
	variants/hoppelpoppel.yaml variants/newzealand.yaml variants/nightrider.yaml \
	variants/grasshopper.yaml variants/legan.yaml variants/5check.yaml \
	variants/kinglet.yaml variants/codrus.yaml variants/gardner.yaml \
	variants/pocketknight.yaml variants/loop.yaml variants/chessgi.yaml \
	variants/capahouse.yaml variants/grandhouse.yaml variants/chancellor.yaml \
	variants/modern.yaml variants/centaur.yaml variants/shako.yaml variants/shatar.yaml \
	variants/gorogoro.yaml variants/judkins.yaml variants/torishogi.yaml \
	variants/spartan.yaml variants/manchu.yaml variants/ai-wok.yaml \
	variants/breakthrough.yaml variants/clobber.yaml variants/clobber10.yaml \
	variants/lionchess.yaml variants/janggi.yaml variants/xiangqi-axf.yaml \
	variants/chu.yaml variants/checkerchess.yaml variants/longleaper.yaml \
	variants/sho.yaml variants/dai.yaml variants/cashew-shogi.yaml variants/racingkings.yaml \
	variants/jesonmor.yaml variants/dobutsu.yaml variants/threekings.yaml \
	variants/armageddon.yaml variants/chaturanga.yaml variants/checkshogi.yaml \
	variants/dragon.yaml variants/fox-and-hounds.yaml variants/misere.yaml \
	variants/okisakishogi.yaml variants/paradigm.yaml variants/raazuvaa.yaml \
	variants/janggicasual.yaml variants/janggimodern.yaml variants/sittuyin.yaml variants/twilight_chess.yaml variants/supercapablanca.yaml variants/bughouse.yaml variants/koedem.yaml variants/supply.yaml variants/wildcastle.yaml variants/janggitraditional.yaml variants/antichess.yaml \
	variants/shoshogi.yaml variants/coregal.yaml variants/gustav3.yaml \
	variants/nocheckatomic.yaml variants/omicron.yaml variants/opulent.yaml \
	variants/pawnback.yaml variants/pawnsideways.yaml variants/perfect.yaml \
	variants/placement.yaml \
	variants/tencubed.yaml variants/torpedo.yaml variants/troitzky.yaml \
	variants/wolf.yaml variants/yarishogi.yaml variants/corner_chess.yaml \
	variants/corridor_chess.yaml variants/diagonal_chess.yaml variants/diamond_chess.yaml \
	variants/diana.yaml variants/maharaja.yaml variants/greatshatranj.yaml \
	variants/gorogoronl_shogi.yaml variants/enlarged_and_improved_chess.yaml variants/mightylion.yaml \
	variants/elven.yaml \
	variants/peasant.yaml variants/ninth-century-indian-chess.yaml variants/spanish-archer.yaml \
	variants/roman.yaml variants/theban.yaml variants/super.yaml \
	variants/troitzky-chess-byway.yaml variants/musketeer.yaml variants/omega.yaml \
	variants/wa-shogi.yaml variants/wa-shogi-drop.yaml variants/werewolf.yaml variants/tenjiku.yaml \
	variants/orda.yaml variants/ordamirror.yaml variants/khans.yaml \
	variants/gothhouse.yaml variants/minihouse.yaml variants/dragonfly.yaml \
	variants/shogun.yaml variants/janggihouse.yaml variants/crowdedxiangqi.yaml \
	variants/mansindam.yaml variants/cannonshogi.yaml variants/shinobi.yaml \
	variants/shinobiplus.yaml variants/chak.yaml variants/coffeehouse.yaml \
	variants/3check-crazyhouse.yaml variants/atomic-giveaway.yaml variants/atomic-giveaway-hill.yaml \
	variants/antihouse.yaml variants/anti-losalamos.yaml variants/centaurking.yaml \
	variants/upsidedown.yaml variants/semitorpedo.yaml variants/gemini.yaml \
	variants/pawnsonly.yaml variants/doublearmy.yaml variants/4x5chess.yaml \
	variants/5x6chess.yaml variants/microchess.yaml variants/kamikazerooks.yaml \
	variants/sixthrank.yaml variants/fullmoon.yaml variants/massacre.yaml \
	variants/backrank.yaml variants/chessvshp.yaml variants/allwayspawns.yaml \
	variants/capturethequeen.yaml variants/hexapawn.yaml variants/maharajah2.yaml \
	variants/atomiczh.yaml variants/empire.yaml variants/synochess.yaml \
	variants/xiangqihouse.yaml variants/antiminishogi.yaml \
	variants/chigorin.yaml variants/sortofalmost.yaml variants/viceroy.yaml \
	variants/sherwin.yaml variants/schoolbook.yaml variants/wildebeest.yaml \
	variants/caissa_britannia.yaml variants/kyotoshogi.yaml variants/micro.yaml

# Networks (menagerie(6), NEURAL EVALUATION), compiled into the program
# like the variant files, so that it plays at full strength from the build
# directory too; each shipped only after winning an SPRT against the
# variant's classical evaluation.
shipped_nets = variants/chess.nnue variants/xiangqi.nnue variants/shogi.nnue \
	variants/capablanca.nnue
EXTRA_DIST += $(shipped_nets)

# A build-machine tool (it only reads and writes text files).
noinst_PROGRAMS += src/catalog/embed_variants
src_catalog_embed_variants_SOURCES = src/catalog/embed_variants.c

nodist_src_libengine_a_SOURCES += src/catalog/variants_builtin.c
BUILT_SOURCES += src/catalog/variants_builtin.c
CLEANFILES += src/catalog/variants_builtin.c

src/catalog/variants_builtin.c: $(dist_variants_DATA) src/catalog/embed_variants$(EXEEXT)
	$(AM_V_GEN)src/catalog/embed_variants$(EXEEXT) $@ $(srcdir) $(dist_variants_DATA)

nodist_src_libengine_a_SOURCES += src/catalog/nets_builtin.c
BUILT_SOURCES += src/catalog/nets_builtin.c
CLEANFILES += src/catalog/nets_builtin.c

src/catalog/nets_builtin.c: $(shipped_nets) src/catalog/embed_variants$(EXEEXT)
	$(AM_V_GEN)src/catalog/embed_variants$(EXEEXT) --nets $@ $(srcdir) $(shipped_nets)
