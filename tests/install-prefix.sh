#!/bin/sh
# Installing into another prefix than the one the program was built for
# (run by `make installcheck`, so by `make distcheck`): after
# `make install prefix=NEW` the installed program must look for its
# variants under NEW, and the installed manual pages must name NEW's
# directories, not the placeholders PKGDATADIR and $(datadir).  The build
# is then made again for the configured prefix.
#   MAKE: the make program; run from the top build directory.
make=${MAKE:-make}
new=$(pwd)/_install-prefix-test
rm -rf "$new"
fail=0
say() { echo "install-prefix: $*"; }

if ! $make install prefix="$new" > "$new.log" 2>&1; then
    cat "$new.log"
    say "FAIL: make install prefix=$new"
    exit 1
fi

# The installed variant files come before the built-in copies: `list`
# names the directory the program looks in.
"$new/bin/menagerie" list > "$new.list" 2>&1
if grep -q "^chess .* $new/share/menagerie/variants/chess.yaml$" "$new.list"; then
    say "ok: the installed program reads $new/share/menagerie/variants"
else
    say "FAIL: the program installed in $new does not read its variants there:"
    grep '^chess ' "$new.list"
    fail=1
fi

# The shipped network is compiled in (XDG_DATA_HOME pointed elsewhere so
# that a user's own network cannot stand in for it).
printf 'uci\nsetoption name UCI_Variant value xiangqi\nisready\nquit\n' \
    | XDG_DATA_HOME="$new/none" "$new/bin/menagerie" > "$new.uci" 2>&1
if grep -q "^info string NNUE evaluation from builtin:xiangqi.nnue " "$new.uci"; then
    say "ok: the installed program plays xiangqi with its shipped network"
else
    say "FAIL: the installed program does not play xiangqi with its compiled-in network:"
    grep '^info string' "$new.uci"
    fail=1
fi

for page in "$new"/share/man/man*/*; do
    if grep -n -e 'PKGDATADIR' -e '\$(datadir)' "$page"; then
        say "FAIL: $page keeps the placeholders above"
        fail=1
    fi
done
if grep -q "$new/share/menagerie/variants" "$new/share/man/man6/menagerie.6" \
    && grep -q "$new/share/menagerie/variants" "$new/share/man/man5/menagerie-variants.5"; then
    say "ok: the installed pages name $new/share/menagerie/variants"
else
    say "FAIL: the installed pages do not name $new/share/menagerie/variants"
    fail=1
fi

$make uninstall prefix="$new" > "$new.log" 2>&1 || { cat "$new.log"; fail=1; }
rm -rf "$new" "$new.log" "$new.list" "$new.uci"
# the build again for the configured prefix
$make all > /dev/null || fail=1
[ $fail -eq 0 ] && say "PASS"
exit $fail
