package dev.flamediff.suite;

/**
 * A frame of a benchmark's profile diff that explains its change.
 *
 * @param name the frame's name, as recorded (untrusted: escape it when writing it out)
 * @param impact its change as a share of the benchmark's whole base profile (0.3 = 30% more)
 * @param status how the frame changed: {@code changed}, {@code added} or {@code removed}
 */
public record FrameChange(String name, double impact, String status) {
}
