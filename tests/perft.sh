#!/bin/sh
# Runs the reference perft counts of tests/data/perft/ against `menagerie perft`.
# Every case is checked at each depth whose count is at most PERFT_MAX_NODES
# (default 300000, which keeps `make check` short); `make check-perft-full`
# sets it to 0 = every depth.
: "${top_srcdir:=.}" "${top_builddir:=.}"
max_nodes=${PERFT_MAX_NODES:-300000}
menagerie="$top_builddir/menagerie"
data="$top_srcdir/tests/data/perft"
status=0
passed=0
failed=0
skipped=0

# The shipped names, once: each start of the engine reads every variant file,
# which a sanitizer build pays for many times over.
shipped=$("$menagerie" list 2>/dev/null | awk '{print $1}')

for file in "$data"/*.perft; do
    name=$(basename "$file" .perft)
    variant=$name   # each file is named after the variant it tests
    if ! printf '%s\n' "$shipped" | grep -qx "$variant"; then
        echo "SKIP: $name (no variant '$variant' shipped)"
        skipped=$((skipped + 1))
        continue
    fi
    out=$("$menagerie" perft -v "$variant" --suite "$file" --max-nodes "$max_nodes" 2>&1)
    rc=$?
    ok=$(printf '%s\n' "$out" | grep -c ' ok$')
    bad=$(printf '%s\n' "$out" | grep -c 'FAIL')
    passed=$((passed + ok))
    failed=$((failed + bad))
    if [ $rc -ne 0 ]; then
        status=1
        echo "FAIL: $name"
        printf '%s\n' "$out" | grep FAIL
    else
        echo "PASS: $name ($ok counts)"
    fi
done
echo "perft: $passed passed, $failed failed, $skipped variant files skipped"
echo "$passed passed, $failed failed"
exit $status
