package dev.flamediff.render.json;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/** How strings and numbers of the diff become JSON values. */
final class JsonText {

    /** Integral values up to 2^53 are exact in a double and in every JSON reader. */
    private static final double MAX_EXACT = 9_007_199_254_740_992d;

    private JsonText() {
    }

    /**
     * Writes a number field: integral values without a fraction ({@code 12}, not {@code 12.0}),
     * others as the shortest decimal that reads back to the same double, and NaN (an undefined
     * ratio) as {@code null}, since JSON has no NaN.
     */
    static void numberField(JsonGenerator gen, String name, double value) throws IOException {
        gen.writeFieldName(name);
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            gen.writeNull();
        } else if (value == Math.rint(value) && Math.abs(value) <= MAX_EXACT) {
            // -0.0 would print as "-0"; a zero delta is a zero.
            gen.writeNumber((long) value);
        } else {
            gen.writeNumber(value);
        }
    }

    /**
     * Writes a probability rounded to 4 significant digits: more digits carry no information, and
     * the last bits of a computed p-value may differ between platforms' math libraries, which
     * would make the output differ between machines.
     */
    static void probabilityField(JsonGenerator gen, String name, double value) throws IOException {
        if (Double.isNaN(value) || Double.isInfinite(value) || value == 0) {
            numberField(gen, name, value);
            return;
        }
        double rounded = new java.math.BigDecimal(value).round(new java.math.MathContext(4)).doubleValue();
        numberField(gen, name, rounded);
    }

    /**
     * Returns the text with unpaired surrogates replaced by U+FFFD. Frame names from hostile or
     * damaged input can hold them, and UTF-8 has no encoding for them: Jackson would fail the
     * whole document.
     */
    static String safe(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isSurrogate(c)) {
                return replaceLoneSurrogates(text);
            }
        }
        return text;
    }

    private static String replaceLoneSurrogates(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                sb.append(c).append(text.charAt(++i));
            } else if (Character.isSurrogate(c)) {
                sb.append('\uFFFD');
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
