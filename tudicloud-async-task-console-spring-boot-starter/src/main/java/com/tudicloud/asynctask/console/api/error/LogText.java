package com.tudicloud.asynctask.console.api.error;

/** Text from a request, fit for one log line: valid Unicode, short, quoted, line breaks and controls escaped. */
public final class LogText {

    private LogText() {
    }

    public static String quoted(String text) {
        if (text == null) {
            return "(none)";
        }
        StringBuilder line = new StringBuilder("'");
        ProblemText.quote(text).codePoints().forEach(c -> {
            if (Character.isISOControl(c)) {
                line.append(String.format("\\u%04x", c));
            } else {
                line.appendCodePoint(c);
            }
        });
        return line.append('\'').toString();
    }
}
