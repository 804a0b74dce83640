package com.tudicloud.asynctask.console.api.json;

/**
 * How much of a task's error text (its last_error, an event's message) a user sees. Operators see all of it.
 * Viewers see its first line only, the exception and its message: the stack frames and the causes below it
 * carry values from deeper layers (SQL with its parameters, URLs with their tokens, a driver's connection
 * string), which no field-name rule can find in free text, and which a viewer needs no more than the first line
 * to tell what went wrong.
 */
final class ErrorText {

    /** The longest first line a viewer sees. */
    static final int MAX_FIRST_LINE = 500;

    private ErrorText() {
    }

    static String shown(String text, boolean operator) {
        if (text == null || operator) {
            return text;
        }
        int end = text.length();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                end = i;
                break;
            }
        }
        String firstLine = text.substring(0, Math.min(end, MAX_FIRST_LINE));
        return firstLine.length() < text.length() ? firstLine + " [...]" : firstLine;
    }
}
