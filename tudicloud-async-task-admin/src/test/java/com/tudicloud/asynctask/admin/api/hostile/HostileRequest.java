package com.tudicloud.asynctask.admin.api.hostile;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * One generated request and what a correct answer looks like: a rejection must name one of
 * {@code suspects} (what the request made hostile), a request with {@code mustReject} may not be
 * accepted, and an accepted one must pass {@code whenAccepted}.
 *
 * @param target the request target exactly as sent (already percent-encoded, or deliberately not)
 * @param version the HTTP version in the request line
 */
record HostileRequest(String label, Caller caller, String method, String target, String version,
                      List<Header> headers, byte[] body, List<String> suspects, boolean mustReject,
                      Consumer<Reply> whenAccepted) {

    record Header(String name, String value) {
    }

    static Builder to(String method, String target) {
        return new Builder(method, target);
    }

    String header(String name) {
        return headers.stream().filter(header -> header.name().equalsIgnoreCase(name)).map(Header::value)
                .findFirst().orElse(null);
    }

    static final class Builder {
        private final String method;
        private final String target;
        private String version = "HTTP/1.1";
        private Caller caller = Caller.OPERATOR;
        private final List<Header> headers = new ArrayList<>();
        private byte[] body;
        private final List<String> suspects = new ArrayList<>();
        private boolean mustReject;
        private Consumer<Reply> whenAccepted = reply -> { };
        private String note = "";

        private Builder(String method, String target) {
            this.method = method;
            this.target = target;
        }

        Builder version(String version) {
            this.version = version;
            return this;
        }

        Builder as(Caller caller) {
            this.caller = caller;
            return this;
        }

        Builder header(String name, String value) {
            headers.add(new Header(name, value));
            return this;
        }

        Builder body(byte[] body) {
            this.body = body;
            return this;
        }

        /** What a rejection must name: any one of these, compared ignoring case. */
        Builder blame(String... names) {
            suspects.addAll(List.of(names));
            return this;
        }

        /** What was hostile, for the test's name: shortened, with control characters made visible. */
        Builder note(String what) {
            String visible = what.codePoints().mapToObj(c -> c < 0x20 || c == 0x7F || (c >= 0xD800 && c <= 0xDFFF)
                    ? String.format("\\u%04x", c) : Character.toString(c)).collect(Collectors.joining());
            this.note = visible.length() > 80 ? visible.substring(0, 80) + "...(" + visible.length() + ")" : visible;
            return this;
        }

        Builder mustReject(boolean mustReject) {
            this.mustReject = mustReject;
            return this;
        }

        Builder whenAccepted(Consumer<Reply> check) {
            this.whenAccepted = check;
            return this;
        }

        HostileRequest build(String label) {
            return new HostileRequest(note.isEmpty() ? label : label + ": " + note, caller, method, target, version, List.copyOf(headers), body,
                    List.copyOf(suspects), mustReject, whenAccepted);
        }
    }
}
