package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.diff.Normalization;
import dev.flamediff.model.ValueType;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class ConvertersTest {

    private final NormalizationConverter normalization = new NormalizationConverter();
    private final ValueTypeConverter valueType = new ValueTypeConverter();
    private final PatternConverter pattern = new PatternConverter();

    @Test
    void namedNormalizations() {
        assertThat(normalization.convert("none")).isEqualTo(Normalization.NONE);
        assertThat(normalization.convert("TOTAL")).isEqualTo(Normalization.TOTAL);
    }

    @Test
    void scaleFactorsPerSide() {
        assertThat(normalization.convert("base=2,head=0.5")).isEqualTo(Normalization.factors(2, 0.5));
        assertThat(normalization.convert("head=3")).isEqualTo(Normalization.factors(1, 3));
        assertThat(normalization.convert("base=4")).isEqualTo(Normalization.factors(4, 1));
    }

    @Test
    void badNormalizationsSayWhatIsExpected() {
        assertThatThrownBy(() -> normalization.convert("sum"))
                .isInstanceOf(TypeConversionException.class)
                .hasMessage("'sum': expected none, total or base=X,head=Y");
        assertThatThrownBy(() -> normalization.convert("base=x"))
                .hasMessage("'base=x': expected none, total or base=X,head=Y");
        assertThatThrownBy(() -> normalization.convert("tail=2"))
                .hasMessage("'tail=2': expected none, total or base=X,head=Y");
        assertThatThrownBy(() -> normalization.convert("base=0"))
                .hasMessage("'base=0': scale factors must be positive numbers");
        assertThatThrownBy(() -> normalization.convert("head=-1"))
                .hasMessage("'head=-1': scale factors must be positive numbers");
        assertThatThrownBy(() -> normalization.convert("base=Infinity"))
                .hasMessage("'base=Infinity': scale factors must be positive numbers");
        // base=1e308 made every scaled total infinite, and the SVG an internal error.
        assertThatThrownBy(() -> normalization.convert("base=1e308"))
                .hasMessage("'base=1e308': scale factors must be between 1.0E-9 and 1.0E9");
        assertThatThrownBy(() -> normalization.convert("head=1e-12"))
                .hasMessage("'head=1e-12': scale factors must be between 1.0E-9 and 1.0E9");
        assertThat(normalization.convert("base=1e9,head=1e-9")).isEqualTo(Normalization.factors(1e9, 1e-9));
    }

    @Test
    void valueTypes() {
        assertThat(valueType.convert("alloc/bytes")).isEqualTo(ValueType.ALLOC_BYTES);
        assertThat(valueType.convert("Ir/instructions")).isEqualTo(new ValueType("Ir", "instructions"));
        for (String bad : new String[] {"alloc", "/bytes", "alloc/", "a/b/c"}) {
            assertThatThrownBy(() -> valueType.convert(bad))
                    .isInstanceOf(TypeConversionException.class)
                    .hasMessageStartingWith("'" + bad + "': expected KIND/UNIT");
        }
    }

    @Test
    void patternsCompileAndBadOnesAreOneLine() {
        assertThat(pattern.convert("parse.*Slow").matcher("fixture.FixtureApp.parseRecordsSlow").find()).isTrue();
        assertThatThrownBy(() -> pattern.convert("parse("))
                .isInstanceOf(TypeConversionException.class)
                .hasMessage("'parse(': not a valid regular expression (Unclosed group at index 6)");
    }
}
