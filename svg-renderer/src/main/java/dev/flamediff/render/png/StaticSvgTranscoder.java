package dev.flamediff.render.png;

import java.awt.Color;
import org.apache.batik.bridge.ExternalResourceSecurity;
import org.apache.batik.bridge.NoLoadExternalResourceSecurity;
import org.apache.batik.bridge.NoLoadScriptSecurity;
import org.apache.batik.bridge.ScriptSecurity;
import org.apache.batik.bridge.UserAgent;
import org.apache.batik.transcoder.ErrorHandler;
import org.apache.batik.transcoder.TranscoderException;
import org.apache.batik.transcoder.SVGAbstractTranscoder;
import org.apache.batik.transcoder.image.ImageTranscoder;
import org.apache.batik.transcoder.image.PNGTranscoder;
import org.apache.batik.util.ParsedURL;

/**
 * Batik's PNG transcoder locked down to the static picture: the graph's script is never run (the
 * document is not treated as dynamic, no script type is allowed and the user agent refuses to
 * load any script), and no external resource (image, font, stylesheet) is fetched. The SVG comes
 * from our own renderer, but it carries untrusted names, so the rasterizer must not be a way to
 * run code or reach the network. A new instance per image: Batik transcoders are not thread-safe.
 */
final class StaticSvgTranscoder extends PNGTranscoder {

    StaticSvgTranscoder() {
        addTranscodingHint(SVGAbstractTranscoder.KEY_EXECUTE_ONLOAD, Boolean.FALSE);
        addTranscodingHint(SVGAbstractTranscoder.KEY_ALLOWED_SCRIPT_TYPES, "");
        addTranscodingHint(SVGAbstractTranscoder.KEY_CONSTRAIN_SCRIPT_ORIGIN, Boolean.TRUE);
        addTranscodingHint(ImageTranscoder.KEY_BACKGROUND_COLOR, Color.WHITE);
        setErrorHandler(new StrictErrors());
    }

    @Override
    protected UserAgent createUserAgent() {
        return new LockedUserAgent();
    }

    /**
     * Batik's default handler prints errors to stderr and goes on, for example without a whole
     * stylesheet it could not parse, which gives a wrong picture (buttons shown, labels in the
     * wrong color). An image that differs from the SVG is worse than none, so errors fail.
     */
    private static final class StrictErrors implements ErrorHandler {

        private static final System.Logger LOG = System.getLogger(StaticSvgTranscoder.class.getName());

        @Override
        public void warning(TranscoderException e) {
            LOG.log(System.Logger.Level.DEBUG, "Batik warning: {0}", e.getMessage());
        }

        @Override
        public void error(TranscoderException e) throws TranscoderException {
            throw e;
        }

        @Override
        public void fatalError(TranscoderException e) throws TranscoderException {
            throw e;
        }
    }

    /** The transcoder's user agent with every script and external resource refused. */
    private final class LockedUserAgent extends SVGAbstractTranscoderUserAgent {

        @Override
        public ScriptSecurity getScriptSecurity(String scriptType, ParsedURL scriptURL, ParsedURL docURL) {
            return new NoLoadScriptSecurity(scriptType);
        }

        @Override
        public void checkLoadScript(String scriptType, ParsedURL scriptURL, ParsedURL docURL) {
            new NoLoadScriptSecurity(scriptType).checkLoadScript();
        }

        @Override
        public ExternalResourceSecurity getExternalResourceSecurity(ParsedURL resourceURL, ParsedURL docURL) {
            return new NoLoadExternalResourceSecurity();
        }

        @Override
        public void checkLoadExternalResource(ParsedURL resourceURL, ParsedURL docURL) {
            new NoLoadExternalResourceSecurity().checkLoadExternalResource();
        }
    }
}
