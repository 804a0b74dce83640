package com.tudicloud.asynctask.admin.api.error;

import com.tudicloud.asynctask.console.api.error.ProblemText;
import org.apache.tomcat.util.http.parser.Host;

import java.util.List;
import java.util.function.Function;

/**
 * Names the part of a request head that Tomcat refused with a bare 400. For some faults (two Host
 * headers, a Content-Length that is not one number, a URI whose escapes do not decode) Tomcat logs the
 * reason at debug level only, or sends a bare 400 to the error page; these checks look where Tomcat's
 * own checks look.
 */
final class RequestHeadDiagnosis {

    private RequestHeadDiagnosis() {
    }

    /**
     * What is wrong with the framing headers, or null when Host, Content-Length and Transfer-Encoding are fine.
     *
     * @param headers every value of a header, by its lower-case name
     */
    static String header(Function<String, List<String>> headers) {
        List<String> hosts = headers.apply("host");
        if (hosts.size() > 1) {
            return "Host: more than one Host header";
        }
        for (String host : hosts) {
            try {
                Host.parse(host);
            } catch (IllegalArgumentException e) {
                return "Host: '" + ProblemText.quote(host) + "' is not a host name (" + e.getMessage() + ")";
            }
        }
        List<String> lengths = headers.apply("content-length");
        if (lengths.size() > 1 || lengths.stream().anyMatch(length -> !length.matches("[0-9]{1,18}"))) {
            return "Content-Length: " + ProblemText.quote(lengths.toString()) + " is not one non-negative whole number";
        }
        if (!lengths.isEmpty() && !headers.apply("transfer-encoding").isEmpty()) {
            return "Transfer-Encoding: not allowed together with Content-Length";
        }
        return null;
    }

    /** What is wrong with a request target that holds escapes, or null when it holds none. */
    static String uri(org.apache.coyote.Request request) {
        String uri = request.requestURI().toString();
        return uri == null || !uri.contains("%") ? null : "URI: '" + ProblemText.quote(uri) + "' is not valid: each "
                + "%-escape must be % and two hex digits, they must decode to UTF-8, and an encoded '/' is refused";
    }
}
