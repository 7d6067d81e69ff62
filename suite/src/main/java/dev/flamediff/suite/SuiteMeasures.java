package dev.flamediff.suite;

import java.util.OptionalDouble;

/**
 * What a benchmark's noise means for a gate: the chance that a naive threshold of that size fails
 * on noise alone, and the forks per side that would tell a change of that size from the noise.
 * The size is the gate's threshold when a score gate is set, else the change observed.
 *
 * @param threshold the change size the figures are for (a fraction)
 * @param fromGate whether {@code threshold} is the gate's
 * @param cv the run-to-run coefficient of variation used
 * @param cvOfForks whether {@code cv} was measured between forks (else between one fork's
 *     iterations, which understates it: the figures are then lower bounds)
 * @param falseAlert 2[1 - Phi(threshold / cv)]
 * @param forksNeeded forks per side to measure a change of {@code threshold} (-1 unknown,
 *     {@link Integer#MAX_VALUE} for none)
 */
public record SuiteMeasures(double threshold, boolean fromGate, double cv, boolean cvOfForks, double falseAlert,
                            int forksNeeded) {

    /** Returns the figures of a score comparison under the gate (or the observed change). */
    public static SuiteMeasures of(ScoreComparison s, OptionalDouble gate, double level) {
        double threshold = gate.isPresent() ? gate.getAsDouble() : Math.abs(s.change());
        double cv = s.runCv();
        return new SuiteMeasures(threshold, gate.isPresent(), cv, s.cvOfForks(), ScoreMath.falseAlert(threshold, cv),
                ScoreMath.forksNeeded(threshold, cv, level));
    }

    /** Returns the fork count as the report writes it: {@code 12}, {@code >= 12} for a lower bound, or a dash. */
    public String forksText() {
        if (forksNeeded < 0) {
            return "\u2013";
        }
        if (forksNeeded == Integer.MAX_VALUE) {
            return "\u221e";
        }
        return (cvOfForks ? "" : "\u2265 ") + forksNeeded;
    }
}
