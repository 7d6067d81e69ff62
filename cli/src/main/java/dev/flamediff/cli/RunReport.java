package dev.flamediff.cli;

import dev.flamediff.diff.DiffSide;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Normalization;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines a run prints on stderr besides errors: what the readers noticed about their inputs
 * (truncation, reconstructed stacks...) and a one-line summary of the two totals.
 */
final class RunReport {

    private RunReport() {
    }

    /** Returns one line per note of the profiles, in their order, each starting with the input's name. */
    static List<String> notes(List<Profile> profiles) {
        List<String> lines = new ArrayList<>();
        for (Profile profile : profiles) {
            addNotes(profile, lines);
        }
        // Both sides of one 3-column file carry the file's notes.
        return lines.stream().distinct().toList();
    }

    private static void addNotes(Profile profile, List<String> lines) {
        ProfileMetadata m = profile.metadata();
        for (String note : m.notes()) {
            lines.add(m.source() + ": " + note);
        }
        // Readers should explain these in a note; say it anyway when one did not.
        if (m.notes().isEmpty() && m.truncated()) {
            lines.add(m.source() + ": truncated input, only a part of it was read");
        }
        if (m.notes().isEmpty() && m.approximate()) {
            lines.add(m.source() + ": stacks are reconstructed, so approximate");
        }
    }

    /**
     * Returns the summary line, for example {@code base 1234 samples, head 1500 samples (+21.6%)},
     * with the recorded (unscaled) totals and the normalization when there is one.
     */
    static String summary(DiffTree diff) {
        String unit = unitLabel(diff.valueType());
        double base = diff.valueType().value(raw(diff.base()));
        double head = diff.valueType().value(raw(diff.head()));
        StringBuilder sb = new StringBuilder();
        sb.append("base ").append(number(base)).append(' ').append(unit)
                .append(", head ").append(number(head)).append(' ').append(unit)
                .append(" (").append(change(base, head)).append(')');
        if (diff.normalization().mode() != Normalization.Mode.NONE) {
            sb.append(", normalization ").append(diff.normalization().describe());
        }
        return sb.toString();
    }

    private static double raw(DiffSide side) {
        return side.scale() == 0 ? side.total() : side.total() / side.scale();
    }

    private static String unitLabel(ValueType type) {
        return type.kind().equals("samples") ? "samples" : type.kind() + " " + type.unit();
    }

    private static String number(double d) {
        // Unscaling a normalized total leaves rounding noise (2970.9999999) on whole counts.
        double whole = Math.rint(d);
        if (Math.abs(d - whole) <= 1e-6 * Math.max(1, Math.abs(d)) && Math.abs(d) < 1e15) {
            return Long.toString((long) whole);
        }
        // Fractional counts (31.23) keep their decimals, as the collapsed output prints them.
        return new java.math.BigDecimal(d).round(new java.math.MathContext(15)).stripTrailingZeros().toPlainString();
    }

    private static String change(double base, double head) {
        if (base == 0) {
            return head == 0 ? "no change" : "base is empty";
        }
        return signedPercent((head - base) / base * 100);
    }

    /**
     * Returns the percentage as {@code String.format(Locale.ROOT, "%+.1f%%", pct)} writes it: the
     * double's shortest decimal digits rounded half up to one decimal, a sign always (also on a
     * negative value that rounds to zero). Not through Formatter, whose first use in a run (its
     * locale data) took 6 ms of a small diff's main thread, a tenth of it.
     */
    static String signedPercent(double pct) {
        if (Double.isNaN(pct)) {
            return "NaN%";
        }
        boolean negative = Double.compare(pct, 0.0) < 0;
        String sign = negative ? "-" : "+";
        if (Double.isInfinite(pct)) {
            return sign + "Infinity%";
        }
        return sign + new BigDecimal(Double.toString(Math.abs(pct))).setScale(1, RoundingMode.HALF_UP).toPlainString()
                + "%";
    }
}
