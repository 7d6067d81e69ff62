package dev.flamediff.render.svg;

/**
 * One frame as drawn: a diff node, or the elided frame that stands for a parent's children that
 * are too narrow to draw. Horizontal edges are in hundredths of a pixel, so that siblings share
 * their edges exactly and children nest exactly inside their parent.
 *
 * @param node the diff node, or -1 for an elided frame
 * @param depth the depth (0 = the root)
 * @param left the left edge, hundredths of a pixel
 * @param right the right edge, hundredths of a pixel
 * @param base the base total (for an elided frame: the sum of the merged frames')
 * @param head the head total (for an elided frame: the sum of the merged frames')
 * @param baseSelf the base self value (for an elided frame: {@code base})
 * @param headSelf the head self value (for an elided frame: {@code head})
 * @param union an elided frame's weight in {@code union} mode (0 for a node)
 * @param changes an elided frame's weight in {@code changes} mode (0 for a node)
 * @param elided the number of frames an elided frame merges (0 for a node)
 */
record PlacedFrame(int node, int depth, long left, long right, double base, double head,
                   double baseSelf, double headSelf, double union, double changes, int elided) {

    /** Returns whether this is an elided frame. */
    boolean isElided() {
        return node < 0;
    }

    /** Returns the width in pixels. */
    double widthPx() {
        return (right - left) / 100.0;
    }
}
