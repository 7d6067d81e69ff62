package dev.flamediff.diff;

import dev.flamediff.model.Frame;

/**
 * Where a function's change came from: one function that calls it, with the inclusive values of
 * its calls to it on each side, scaled ({@link FunctionTable#callersOf(int)}).
 *
 * @param frame the caller's frame, or {@link Frame#ROOT} for the function's occurrences without
 *     a program frame above (at a thread's root, or in a truncated stack)
 * @param base the base value of the caller's calls to the function
 * @param head the head value of those calls
 */
public record CallerChange(Frame frame, double base, double head) {

    /** Returns head minus base. */
    public double delta() {
        return head - base;
    }
}
