package dev.flamediff.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Frame and ValueType write out equals and hashCode (the generated ones cost an invokedynamic
 * bootstrap at their first call); they must stay what the record would generate: compared with a
 * twin record of the same components, on seeded random values.
 */
class RecordMethodsTest {

    private record FrameTwin(String name, FrameKind kind) {
    }

    private record ValueTypeTwin(String kind, String unit, int decimals) {
    }

    private static final String[] NAMES = {"", "a", "b", "main", "java.lang.Thread.run", "Ä", "a;b"};

    @Test
    void frameEqualsAndHashCodeAreTheRecordOnes() {
        Random random = new Random(20261201);
        FrameKind[] kinds = FrameKind.values();
        for (int i = 0; i < 2_000; i++) {
            Frame a = new Frame(NAMES[random.nextInt(NAMES.length)], kinds[random.nextInt(kinds.length)]);
            Frame b = new Frame(NAMES[random.nextInt(NAMES.length)], kinds[random.nextInt(kinds.length)]);
            FrameTwin ta = new FrameTwin(a.name(), a.kind());
            FrameTwin tb = new FrameTwin(b.name(), b.kind());
            assertThat(a.hashCode()).isEqualTo(ta.hashCode());
            assertThat(a.equals(b)).as("%s %s", a, b).isEqualTo(ta.equals(tb));
            assertThat(a.equals(new Frame(new String(a.name()), a.kind()))).isTrue();
        }
        assertThat(Frame.ROOT.equals(null)).isFalse();
        assertThat(Frame.ROOT.equals("all")).isFalse();
        assertThat(Frame.ROOT.toString()).isEqualTo("Frame[name=all, kind=UNKNOWN]");
    }

    @Test
    void valueTypeEqualsAndHashCodeAreTheRecordOnes() {
        Random random = new Random(20261202);
        String[] kinds = {"samples", "cpu", "alloc", "Ir"};
        String[] units = {"count", "nanoseconds", "bytes"};
        for (int i = 0; i < 2_000; i++) {
            ValueType a = new ValueType(kinds[random.nextInt(kinds.length)], units[random.nextInt(units.length)],
                    random.nextInt(3));
            ValueType b = new ValueType(kinds[random.nextInt(kinds.length)], units[random.nextInt(units.length)],
                    random.nextInt(3));
            ValueTypeTwin ta = new ValueTypeTwin(a.kind(), a.unit(), a.decimals());
            ValueTypeTwin tb = new ValueTypeTwin(b.kind(), b.unit(), b.decimals());
            assertThat(a.hashCode()).isEqualTo(ta.hashCode());
            assertThat(a.equals(b)).as("%s %s", a, b).isEqualTo(ta.equals(tb));
        }
        assertThat(ValueType.SAMPLES.equals(null)).isFalse();
    }
}
