package dev.flamediff.render.svg;

/**
 * The static style sheet and script embedded in every graph ({@code src/main/assets}, made into
 * the class {@code SvgAssetTexts} by the build). The script never contains data: it reads the
 * frames from the DOM, so no frame name is ever interpolated into code.
 *
 * @param css the style sheet
 * @param script the ECMAScript
 */
record SvgAssets(String css, String script) {

    /** Returns the assets. */
    static SvgAssets load() {
        return new SvgAssets(SvgAssetTexts.css(), SvgAssetTexts.script());
    }

    /** Checks that neither asset could end its CDATA section early. */
    SvgAssets {
        if (css.contains("]]>") || script.contains("]]>")) {
            throw new IllegalStateException("an embedded asset contains ]]>");
        }
    }
}
