package com.tudicloud.asynctask.console.api.error;

/**
 * Text from a request, fit to quote in a problem detail: short, and valid Unicode, since a lone
 * surrogate cannot be written as UTF-8 at all.
 */
public final class ProblemText {

    private static final int MAX_QUOTE = 200;

    private ProblemText() {
    }

    public static String quote(String text) {
        String shown = text.length() > MAX_QUOTE ? text.substring(0, MAX_QUOTE) + "... (" + text.length() + " chars)" : text;
        StringBuilder valid = new StringBuilder(shown);
        for (int at = UnicodeText.loneSurrogateAt(valid.toString()); at >= 0; at = UnicodeText.loneSurrogateAt(valid.toString())) {
            valid.setCharAt(at, '\uFFFD');
        }
        return valid.toString();
    }
}
