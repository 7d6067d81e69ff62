package dev.flamediff.collect.collapsed;

import dev.flamediff.collect.Detection;
import java.nio.charset.StandardCharsets;

/**
 * Decides from an input's first bytes whether it is collapsed stacks: the first non-blank line
 * must look like {@code stack<space>digits} and be text. Inputs that are another line-based
 * profile format whose lines could look like that are turned away: callgrind files start with
 * {@code # callgrind format} or {@code key: value} header lines ({@code version: 1},
 * {@code pid: 1234}) and have an {@code events:} line. Stateless.
 */
final class CollapsedDetector {

    private static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    private static final String[] CALLGRIND_KEYS = {
        "# callgrind format", "version:", "creator:", "pid:", "cmd:", "part:", "thread:", "desc:",
        "positions:", "events:", "event:", "summary:", "totals:", "ob=", "fl=", "fn=",
    };

    private CollapsedDetector() {
    }

    /** Returns YES, NO or (only when {@code complete} is false) NEED_MORE. */
    static Detection detect(byte[] prefix, int length, boolean complete) {
        int i = skipBom(prefix, length);
        while (i < length && isBlankByte(prefix[i])) {
            i++;
        }
        if (i == length) {
            return complete ? Detection.NO : Detection.NEED_MORE;
        }
        int nl = indexOf(prefix, (byte) '\n', i, length);
        int end = nl < 0 ? length : nl;
        for (int j = i; j < end; j++) {
            int b = prefix[j] & 0xFF;
            if ((b < 0x20 && b != '\t' && b != '\r') || b == 0x7F) {
                return Detection.NO;
            }
        }
        if (nl < 0 && !complete) {
            return Detection.NEED_MORE;
        }
        String line = new String(prefix, i, end - i, StandardCharsets.UTF_8).strip();
        for (String key : CALLGRIND_KEYS) {
            if (line.startsWith(key)) {
                return Detection.NO;
            }
        }
        if (hasLineStarting(prefix, length, "events:")) {
            return Detection.NO;
        }
        return looksLikeStackLine(line) ? Detection.YES : Detection.NO;
    }

    /** Returns where the text starts after a UTF-8 byte-order mark, if there is one. */
    static int skipBom(byte[] buf, int length) {
        if (length >= 3 && buf[0] == UTF8_BOM[0] && buf[1] == UTF8_BOM[1] && buf[2] == UTF8_BOM[2]) {
            return 3;
        }
        return 0;
    }

    private static boolean looksLikeStackLine(String line) {
        int sep = Math.max(line.lastIndexOf(' '), line.lastIndexOf('\t'));
        if (sep <= 0 || sep == line.length() - 1 || line.substring(0, sep).isBlank()) {
            return false;
        }
        for (int k = sep + 1; k < line.length(); k++) {
            char c = line.charAt(k);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean hasLineStarting(byte[] buf, int length, String key) {
        byte[] k = key.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i + k.length <= length; i++) {
            if ((i == 0 || buf[i - 1] == '\n') && startsWith(buf, i, k)) {
                return true;
            }
        }
        return false;
    }

    private static boolean startsWith(byte[] buf, int at, byte[] k) {
        for (int j = 0; j < k.length; j++) {
            if (buf[at + j] != k[j]) {
                return false;
            }
        }
        return true;
    }

    private static boolean isBlankByte(byte b) {
        return b == ' ' || b == '\t' || b == '\r' || b == '\n';
    }

    private static int indexOf(byte[] buf, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
