#!/usr/bin/env bash
# Side-by-side timing of flamediff against its peers (see benchmarks/README.md): large inputs, and
# the "small pairs", the shipped fixtures as a pull request's CI diffs them. One command from a
# fresh clone: builds what it needs, generates the large inputs deterministically under
# benchmarks/target/large (never committed; kept between runs), then times each tool, alternating
# flamediff (A) and the peer (B), and prints medians, ratios, CPU, peak RSS, output sizes and the
# machine's load average beside each figure.
#
# Usage: benchmarks/compare.sh [RUNS]          large pairs, then small pairs (default 5 runs)
#        benchmarks/compare.sh small [RUNS]    small pairs only (default 11 runs)
# Environment:
#   AP_SECONDS   length of each async-profiler recording (default 15; a file short of 150 MB is
#                recorded again, longer)
#   SKIP_1G=1    skip the 1 GB recording under -Xmx1g
#   FLAMEGRAPH_DIR  a directory holding difffolded.pl and flamegraph.pl (tried: this, the PATH,
#                a shallow clone of github.com/brendangregg/FlameGraph into benchmarks/target);
#                the Perl pipeline is skipped when none works
#   JAVA         the java binary (default: java on the PATH)
#   FLAMEDIFF_JAVA_OPTS  JVM options of the flamediff runs (default: the launcher's, -XX:+UseParallelGC)
#   SKIP_BUILD=1 use the jars already built
#   FLAMEDIFF_JAR  the jar the launcher runs (default: cli/target/flamediff.jar, built first)
#   PLAIN_JAR    time this jar as "$JAVA $FLAMEDIFF_JAVA_OPTS -jar PLAIN_JAR" instead of the
#                launcher (an older build, the way it used to be run)
#   PAIRS        the large pairs to time, space-separated (default: jdk ap ap-alloc folded)
#   SMALL_PAIRS  the small pairs (default: collapsed collapsed-j ap17 jdk17 help version; collapsed-j is
#                the collapsed pair against jfrconv)
#   SMALL_RUNS   runs of each small pair when the large ones run too (default 11)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
mode=all
if [[ "${1:-}" == small ]]; then mode=small; shift; fi
runs="${1:-5}"
small_runs="${SMALL_RUNS:-11}"
[[ $mode == small ]] && small_runs="${1:-11}"
java="${JAVA:-java}"
ap_seconds="${AP_SECONDS:-15}"
read -r -a fd_opts <<< "${FLAMEDIFF_JAVA_OPTS:--XX:+UseParallelGC}"
target="$here/target"
large="$target/large"
tools="$target/tools"
results="$target/results"
mkdir -p "$large" "$tools" "$results"

log() { echo "compare.sh: $*" >&2; }

# ---------------------------------------------------------------- build and tools
if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    log "building cli/target/flamediff.jar and benchmarks/target/benchmarks.jar"
    # The shade step can fold an old jar's classes into the new one; start from none.
    rm -f "$root/cli/target/flamediff.jar" "$root/cli/target/original-flamediff.jar"
    (cd "$root" && mvn -q -B -Dstyle.color=never -DskipTests package -pl cli,benchmarks -am)
fi
bench_jar="$target/benchmarks.jar"

if [[ ! -f "$tools/jfr-converter-4.5.jar" ]]; then
    (cd "$root" && mvn -q -B dependency:copy -Dartifact=tools.profiler:jfr-converter:4.5 -DoutputDirectory="$tools")
fi
if [[ ! -f "$tools/libasyncProfiler.so" ]]; then
    (cd "$root" && mvn -q -B dependency:copy -Dartifact=tools.profiler:async-profiler:4.6 -DoutputDirectory="$tools")
    unzip -q -o -j "$tools/async-profiler-4.6.jar" linux-x64/libasyncProfiler.so -d "$tools"
fi
jfrconv_jar="$tools/jfr-converter-4.5.jar"
agent="$tools/libasyncProfiler.so"

# ---------------------------------------------------------------- inputs
# -L: the inputs may be links to a copy made earlier, and a link's own size says nothing.
size_mb() { echo $(( $(stat -L -c %s "$1") / 1000000 )); }

# Lays FILE end to end into OUT until OUT reaches MEGABYTES: a JFR recording is a sequence of
# self-contained chunks, so the result is a valid multi-chunk recording.
repeat_to() { # file out megabytes
    local src="$1" out="$2" mb="$3"
    : > "$out.tmp"
    while (( $(stat -c %s "$out.tmp") < mb * 1000000 )); do cat "$src" >> "$out.tmp"; done
    mv "$out.tmp" "$out"
}

if [[ $mode == all ]]; then
# 1. Synthetic folded pair: ~200k unique stacks, 200+ MB each, fixed seed.
for side in base head; do
    if [[ ! -f "$large/folded-$side.folded" ]]; then
        log "generating folded-$side.folded"
        "$java" -cp "$bench_jar" dev.flamediff.bench.FoldedGenerator "$side" "$large/folded-$side.folded.tmp" 200000 210
        mv "$large/folded-$side.folded.tmp" "$large/folded-$side.folded"
    fi
done

# 2. async-profiler pair: the benchmark workload (deep, varied stacks; the fixture program's work
#    along 300k recursion paths) on 16 threads, CPU samples every 100 us and allocation samples
#    every 2 KB (the allocation samples are what fills the file).
for side in base head; do
    # How many samples a second the workload yields depends on the machine and its load, so a
    # recording short of 150 MB is made again, longer, up to three times.
    seconds="$ap_seconds"
    for attempt in 1 2 3; do
        [[ -f "$large/ap-$side.jfr" ]] && (( $(size_mb "$large/ap-$side.jfr") >= 150 )) && break
        # Scaled by how far short the last file fell, at most four times as long a step.
        if [[ -f "$large/ap-$side.jfr" ]]; then
            seconds=$(( seconds * 150 / ($(size_mb "$large/ap-$side.jfr") + 1) + 2 ))
            (( seconds <= ap_seconds * 4 )) || seconds=$(( ap_seconds * 4 ))
        fi
        log "recording ap-$side.jfr ($seconds s)"
        "$java" -agentpath:"$agent=start,event=cpu,interval=100us,alloc=2k,jfr,file=$large/ap-$side.jfr.tmp" \
            -cp "$bench_jar" dev.flamediff.bench.workload.DeepWorkload "$side" "$seconds" 16 >/dev/null
        mv "$large/ap-$side.jfr.tmp" "$large/ap-$side.jfr"
    done
    (( $(size_mb "$large/ap-$side.jfr") >= 150 )) || log "warning: ap-$side.jfr is only $(size_mb "$large/ap-$side.jfr") MB; raise AP_SECONDS"
done

# 3. JDK pair: the committed JDK 17 recordings of the fixture program, repeated chunk after chunk.
for side in base head; do
    [[ -f "$large/jdk-$side.jfr" ]] || { log "making jdk-$side.jfr"; repeat_to "$root/fixtures/jfr/jdk17-$side.jfr" "$large/jdk-$side.jfr" 160; }
done

# 4. A 1 GB recording: the committed async-profiler recording of the fixture program, repeated:
#    2,300 times the events of one recording, the unique stacks of one.
if [[ "${SKIP_1G:-0}" != 1 && ! -f "$large/ap17-head-1g.jfr" ]]; then
    log "making ap17-head-1g.jfr"
    repeat_to "$root/fixtures/jfr/ap17-head.jfr" "$large/ap17-head-1g.jfr" 1000
fi
fi

# ---------------------------------------------------------------- the Perl pipeline, if obtainable
perl_dir=""
for d in "${FLAMEGRAPH_DIR:-}" "$(dirname "$(command -v flamegraph.pl 2>/dev/null || echo /nonexistent/x)")" "$target/FlameGraph"; do
    if [[ -n "$d" && -f "$d/difffolded.pl" && -f "$d/flamegraph.pl" ]]; then perl_dir="$d"; break; fi
done
if [[ -z "$perl_dir" ]] && command -v git >/dev/null 2>&1; then
    if timeout 60 git clone -q --depth 1 https://github.com/brendangregg/FlameGraph "$target/FlameGraph" 2>/dev/null; then
        perl_dir="$target/FlameGraph"
    fi
fi
[[ -n "$perl_dir" ]] || log "difffolded.pl/flamegraph.pl not obtainable (not on the PATH, no FLAMEGRAPH_DIR, GitHub unreachable): the Perl pipeline is skipped"

# ---------------------------------------------------------------- timing
# The flamediff command timed: the launcher, as users run it (it picks the JDK, the JIT and the
# collector from the inputs, and uses its class-data archive), or, with PLAIN_JAR, that jar
# under $JAVA with $FLAMEDIFF_JAVA_OPTS (to time an older build the way it used to be run).
if [[ -n "${PLAIN_JAR:-}" ]]; then
    flamediff_cmd=("$java" "${fd_opts[@]}" -jar "$PLAIN_JAR")
else
    flamediff_cmd=("$root/flamediff")
fi

# Runs a command under GNU time; appends "label wall_s peak_rss_kb output_bytes cpu_s load1" to
# $results/runs.txt (load1: the one-minute load average just before the run).
timed() { # label output -- command...
    local label="$1" output="$2"; shift 3
    local stats="$results/time.txt" load
    rm -f "$output"
    read -r load _ < /proc/loadavg
    if ! /usr/bin/time -v -o "$stats" "$@" >"$results/last.out" 2>"$results/last.err"; then
        log "$label failed:"; tail -5 "$results/last.err" >&2
        echo "$label NA NA NA NA $load" >> "$results/runs.txt"
        return 0
    fi
    local wall rss bytes cpu
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$stats")
    cpu=$(awk -F': ' '/User time \(seconds\)|System time \(seconds\)/ { s += $2 } END { print s }' "$stats")
    rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$stats")
    if [[ "$output" == - ]]; then bytes=$(stat -c %s "$results/last.out"); else bytes=$(stat -c %s "$output" 2>/dev/null || echo 0); fi
    echo "$label $wall $rss $bytes $cpu $load" >> "$results/runs.txt"
    log "$label: ${wall}s wall, ${cpu}s CPU, $(( rss / 1024 )) MB peak RSS, output $bytes bytes, load $load"
}

out="$results/out"
: > "$results/runs.txt"

# Times each pair's flamediff variants (A) against its peer (B), RUNS rounds alternating which goes
# first, in the current directory. A pair: "name|label=args,label=args|peer|peer command".
time_pairs() { # runs pair...
    local n="$1"; shift
    local pair name variants peer pcmd fvariants pc last lastargs base head i order who v label fa
    for pair in "$@"; do
        IFS='|' read -r name variants peer pcmd <<< "$pair"
        IFS=',' read -r -a fvariants <<< "$variants"
        read -r -a pc <<< "$pcmd"
        last="${fvariants[-1]#*=}"
        read -r -a lastargs <<< "$last"
        base=""; head=""
        if (( ${#lastargs[@]} >= 2 )); then base="${lastargs[-2]}"; head="${lastargs[-1]}"; fi
        for ((i = 1; i <= n; i++)); do
            # Alternate which tool goes first, so neither always runs on a warm page cache or a cooler machine.
            if (( i % 2 )); then order="A B"; else order="B A"; fi
            for who in $order; do
                if [[ $who == A ]]; then
                    for v in "${fvariants[@]}"; do
                        label="${v%%=*}"
                        read -r -a fa <<< "${v#*=}"
                        if [[ "${fa[0]}" == --help || "${fa[0]}" == --version ]]; then
                            timed "$name $label" - -- "${flamediff_cmd[@]}" "${fa[@]}"
                        else
                            timed "$name $label" "$out-$name-$label.svg" -- \
                                "${flamediff_cmd[@]}" "${fa[@]}" -o "$out-$name-$label.svg"
                        fi
                    done
                elif [[ $peer == none ]]; then
                    :
                elif [[ $peer == perl ]]; then
                    timed "$name perl" "$out-$name-perl.svg" -- bash -c \
                        '"$0/difffolded.pl" "$1" "$2" > "$3.folded" && "$0/flamegraph.pl" "$3.folded" > "$3"' \
                        "$perl_dir" "$base" "$head" "$out-$name-perl.svg"
                elif [[ $peer == cat ]]; then
                    # The I/O floor: only reading both files.
                    timed "$name cat" - -- bash -c 'cat "$0" "$1" >/dev/null' "$base" "$head"
                elif [[ $peer == java ]]; then
                    timed "$name java-version" - -- "$java" -Xshare:auto -version
                else
                    timed "$name $peer" "$out-$name-$peer.html" -- \
                        "$java" -cp "$jfrconv_jar" one.convert.Main "${pc[@]:1}" "$base" "$head" "$out-$name-$peer.html"
                fi
            done
        done
    done
}

if [[ $mode == all ]]; then
    # name | flamediff variants (label=args, comma-separated) | peer label | peer command (base head out appended)
    pairs=(
        "jdk|flamediff=jdk-base.jfr jdk-head.jfr,flamediff-async=--jfr-parser async jdk-base.jfr jdk-head.jfr,flamediff-jdkparser=--jfr-parser jdk jdk-base.jfr jdk-head.jfr|jfrconv|jfrconv --diff"
        "ap|flamediff=ap-base.jfr ap-head.jfr,flamediff-async=--jfr-parser async ap-base.jfr ap-head.jfr|jfrconv|jfrconv --diff"
        "ap-alloc|flamediff=--event alloc ap-base.jfr ap-head.jfr,flamediff-async=--event alloc --jfr-parser async ap-base.jfr ap-head.jfr|jfrconv|jfrconv --diff --alloc"
        "folded|flamediff=folded-base.folded folded-head.folded|jfrconv|jfrconv --diff"
        "folded|flamediff=folded-base.folded folded-head.folded|cat|cat"
    )
    [[ -n "$perl_dir" ]] && pairs+=("folded|flamediff=folded-base.folded folded-head.folded|perl|perl")
    chosen=()
    for pair in "${pairs[@]}"; do
        [[ " ${PAIRS:-jdk ap ap-alloc folded} " == *" ${pair%%|*} "* ]] && chosen+=("$pair")
    done
    cd "$large"
    # A first run of a fresh jar makes the launcher's class-data archive (a few seconds); it is not
    # to be timed as a diff.
    [[ -z "${PLAIN_JAR:-}" ]] && "${flamediff_cmd[@]}" --version >/dev/null 2>&1 || true
    time_pairs "$runs" "${chosen[@]}"

    if [[ "${SKIP_1G:-0}" != 1 ]]; then
        for ((i = 1; i <= ${ONEG_RUNS:-3}; i++)); do
            if [[ -n "${PLAIN_JAR:-}" ]]; then
                timed "1g-Xmx1g flamediff" "$out-1g.svg" -- "$java" "${fd_opts[@]}" -Xmx1g -jar "$PLAIN_JAR" \
                    "$root/fixtures/jfr/ap17-base.jfr" ap17-head-1g.jfr -o "$out-1g.svg"
            else
                FLAMEDIFF_JAVA_OPTS="${FLAMEDIFF_JAVA_OPTS:-} -Xmx1g" timed "1g-Xmx1g flamediff" "$out-1g.svg" -- \
                    "${flamediff_cmd[@]}" "$root/fixtures/jfr/ap17-base.jfr" ap17-head-1g.jfr -o "$out-1g.svg"
            fi
        done
    fi
fi

# ---------------------------------------------------------------- small pairs
# The shipped fixtures, a few hundred KB a side: what a pull request's CI diffs. Here start-up,
# class loading and the JIT are most of the time, so each pair gets more rounds, after one warm-up
# round that is not counted (it also lets the launcher make its class-data archive).
small=(
    "collapsed-j|flamediff=base.collapsed head.collapsed|jfrconv|jfrconv --diff"
    "ap17|flamediff=ap17-base.jfr ap17-head.jfr|jfrconv|jfrconv --diff"
    "jdk17|flamediff=jdk17-base.jfr jdk17-head.jfr|jfrconv|jfrconv --diff"
    "help|flamediff=--help|java|java -version"
    "version|flamediff=--version|java|java -version"
)
[[ -n "$perl_dir" ]] && small=("collapsed|flamediff=base.collapsed head.collapsed|perl|perl" "${small[@]}")
small_dir="$results/small"
mkdir -p "$small_dir"
for f in collapsed/base.collapsed collapsed/head.collapsed jfr/ap17-base.jfr jfr/ap17-head.jfr jfr/jdk17-base.jfr jfr/jdk17-head.jfr; do
    cp "$root/fixtures/$f" "$small_dir/"
done
cd "$small_dir"
chosen=()
for pair in "${small[@]}"; do
    [[ " ${SMALL_PAIRS:-collapsed collapsed-j ap17 jdk17 help version} " == *" ${pair%%|*} "* ]] && chosen+=("$pair")
done
runs_before=$(wc -l < "$results/runs.txt")
time_pairs 1 "${chosen[@]}"
# The warm-up round is dropped from the record.
head -n "$runs_before" "$results/runs.txt" > "$results/runs.tmp" && mv "$results/runs.tmp" "$results/runs.txt"
time_pairs "$small_runs" "${chosen[@]}"

# ---------------------------------------------------------------- summary
{
    if [[ $mode == all ]]; then
        echo "inputs:"
        for f in "$large"/*.folded "$large"/*.jfr; do printf '  %-22s %6d MB\n' "$(basename "$f")" "$(size_mb "$f")"; done
        echo
    fi
    echo "flamediff: ${flamediff_cmd[*]}"
    echo "machine: $(nproc) cores, load average now $(cut -d' ' -f1-3 /proc/loadavg)"
    echo
    awk '
        function median(list,   n, a, i, j, t) {
            n = split(list, a, " ")
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
            return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
        }
        $3 == "NA" { next }
        {
            key = $1 " " $2
            if (!(key in seen)) {
                order[++k] = key; seen[key] = 1
                # A pair name can have several peers, each timed in rounds of its own after the
                # last (the folded pair: jfrconv, cat, Perl): the rounds of a peer are paired with
                # the flamediff runs made in them, which began one run before its first.
                if ($2 !~ /^flamediff/) for (f in count) { split(f, q, " "); if (q[1] == $1 && q[2] ~ /^flamediff/) from[key, f] = count[f] - 1 }
            }
            wall[key] = wall[key] " " $3; rss[key] = rss[key] " " $4; size[key] = $5; n = ++count[key]
            cpu[key] = cpu[key] " " $6; load[key] = load[key] " " $7
            at[key, n] = $3
        }
        END {
            printf "%-10s %-16s %4s %8s %8s %8s %9s %6s  %s\n", "pair", "tool", "runs", "wall s", "CPU s", "RSS MB", "output KB", "load", "peer time / flamediff time (median of rounds)"
            for (i = 1; i <= k; i++) {
                split(order[i], p, " ")
                ratio = ""
                if (p[2] ~ /^flamediff/) {
                    for (j = 1; j <= k; j++) {
                        split(order[j], q, " ")
                        if (q[1] != p[1] || q[2] ~ /^flamediff/) continue
                        list = ""
                        o = from[order[j], order[i]] + 0
                        for (r = 1; o + r <= count[order[i]] && r <= count[order[j]]; r++) list = list " " (at[order[j], r] / at[order[i], o + r])
                        ratio = ratio sprintf("%s %.2fx  ", q[2], median(list))
                    }
                }
                printf "%-10s %-16s %4d %8.3f %8.3f %8.0f %9.0f %6.2f  %s\n", p[1], p[2], count[order[i]], median(wall[order[i]]), median(cpu[order[i]]), median(rss[order[i]]) / 1024, size[order[i]] / 1024, median(load[order[i]]), ratio
            }
        }' "$results/runs.txt"
    echo
    echo "wall, CPU (user + system), peak RSS and load (the one-minute load average before each run): medians of the runs."
    echo "ratio: in each round the peer's wall time over flamediff's; the median of the rounds (rounds alternate which goes first)."
    echo "small-pair targets: collapsed perl >= 0.67x, ap17 and jdk17 jfrconv >= 1.50x, help and version < 0.2 s, peak RSS < 100 MB."
} | tee "$results/summary.txt"
