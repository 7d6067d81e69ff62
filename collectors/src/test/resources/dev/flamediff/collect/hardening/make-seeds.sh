#!/bin/sh
# Cuts the fuzz seeds of ReaderFuzzTest from the recorded fixtures. Run from this folder:
#   sh make-seeds.sh [path of a JDK 19+ `jfr` tool, for `jfr scrub`]
# Seeds are named seed-*; the fuzzer's findings (crash-*, timeout-*) sit beside them.
set -e
FIX=../../../../../../../../fixtures
JFR=${1:-jfr}
IN=ReaderFuzzTestInputs
mkdir -p $IN/collapsed $IN/callgrind $IN/jfrJdkParser $IN/jfrAsyncParser $IN/pprof
# collapsed: the short stacks of the async-profiler and annotated recordings
awk 'length($0) < 400' $FIX/collapsed/base.collapsed | head -12 > $IN/collapsed/seed-base
awk 'length($0) < 400' $FIX/collapsed/head-ann.collapsed | head -12 > $IN/collapsed/seed-head-ann
# callgrind: a whole small part (thread 2) and the first kilobytes of the other variants
cp $FIX/callgrind/callgrind.out.threads-02 $IN/callgrind/seed-threads-02
for v in base-sep base-instr base-jumps base-mangled base-combined base-cache; do
  head -c 3000 $FIX/callgrind/callgrind.out.$v > $IN/callgrind/seed-$v
done
# JFR: the recordings reduced to their CPU samples (the constant pools stay, the other events go)
for f in ap25-base jdk17-base; do
  "$JFR" scrub --include-events jdk.ExecutionSample $FIX/jfr/$f.jfr $IN/jfrJdkParser/seed-$f.jfr >/dev/null
  mv $IN/jfrJdkParser/seed-$f.jfr $IN/jfrJdkParser/seed-$f
  cp $IN/jfrJdkParser/seed-$f $IN/jfrAsyncParser/seed-$f
done
# pprof: the converter's uncompressed JDK profile and its gzip-compressed allocation profile
cp $FIX/pprof/jdk17-base.pb $IN/pprof/seed-jdk17-base
cp $FIX/pprof/ap17-base-alloc.pb.gz $IN/pprof/seed-ap17-base-alloc
