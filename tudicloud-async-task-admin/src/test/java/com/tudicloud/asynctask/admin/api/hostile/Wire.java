package com.tudicloud.asynctask.admin.api.hostile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Sends a {@link HostileRequest} over real HTTP: with {@link HttpClient} where it agrees to send the
 * request, else byte for byte over a socket (malformed request lines, control characters in headers,
 * targets that are not URIs, restricted headers such as Host).
 */
final class Wire {

    private static final Set<String> SOCKET_ONLY_HEADERS = Set.of("host", "connection", "content-length",
            "expect", "upgrade", "transfer-encoding");
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private final int port;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(PATIENCE).build();
    private int overSocket;

    Wire(int port) {
        this.port = port;
    }

    Reply send(HostileRequest request) throws IOException, InterruptedException {
        HttpRequest built = forHttpClient(request);
        if (built == null) {
            overSocket++;
            return overSocket(request);
        }
        HttpResponse<byte[]> response;
        try {
            response = client.send(built, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException noStatusLine) {
            if (!String.valueOf(noStatusLine.getMessage()).startsWith("parsing HTTP/1.1 status line")) {
                throw noStatusLine;
            }
            // Tomcat answers a request line too long to read whole as HTTP/0.9, a body alone, which HttpClient
            // cannot parse; nothing behind Tomcat saw the request, so it goes again over the socket (status 0)
            overSocket++;
            return overSocket(request);
        }
        return new Reply(response.statusCode(), response.headers().firstValue("Content-Type").orElse(null),
                response.body());
    }

    int sentOverSocket() {
        return overSocket;
    }

    /** The request as HttpClient would send it, or null where HttpClient refuses it. */
    private HttpRequest forHttpClient(HostileRequest request) {
        if (!request.version().equals("HTTP/1.1")) {
            return null;
        }
        try {
            HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + request.target()))
                    .timeout(PATIENCE)
                    .method(request.method(), request.body() == null ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofByteArray(request.body()));
            for (HostileRequest.Header header : headers(request)) {
                if (SOCKET_ONLY_HEADERS.contains(header.name().toLowerCase(Locale.ROOT))) {
                    return null;
                }
                builder.header(header.name(), header.value());
            }
            return builder.build();
        } catch (IllegalArgumentException refused) {
            return null;
        }
    }

    private Reply overSocket(HostileRequest request) throws IOException {
        StringBuilder head = new StringBuilder(request.method()).append(' ').append(request.target());
        if (!request.version().isEmpty()) {
            head.append(' ').append(request.version());
        }
        head.append("\r\n");
        if (request.header("Host") == null) {
            head.append("Host: 127.0.0.1:").append(port).append("\r\n");
        }
        for (HostileRequest.Header header : headers(request)) {
            head.append(header.name()).append(": ").append(header.value()).append("\r\n");
        }
        if (request.body() != null && request.header("Content-Length") == null
                && request.header("Transfer-Encoding") == null) {
            head.append("Content-Length: ").append(request.body().length).append("\r\n");
        }
        head.append("Connection: close\r\n\r\n");
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout((int) PATIENCE.toMillis());
            OutputStream out = socket.getOutputStream();
            try {
                // ISO-8859-1: every char of the head below 256 goes out as exactly that byte
                out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
                if (request.body() != null) {
                    out.write(request.body());
                }
                out.flush();
                // the end of what was sent: a server waiting for a promised body learns it will not come
                socket.shutdownOutput();
            } catch (IOException closedEarly) {
                // the server may answer and close before it has read everything; its answer still counts
            }
            return parse(readUntilClosed(socket.getInputStream()));
        }
    }

    private static Iterable<HostileRequest.Header> headers(HostileRequest request) {
        String authorization = request.caller().authorization();
        if (authorization == null || request.header("Authorization") != null) {
            return request.headers();
        }
        List<HostileRequest.Header> all = new ArrayList<>(request.headers());
        all.add(new HostileRequest.Header("Authorization", authorization));
        return all;
    }

    private static byte[] readUntilClosed(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                bytes.write(buffer, 0, n);
            }
        } catch (IOException reset) {
            if (bytes.size() == 0) {
                throw reset;
            }
        }
        return bytes.toByteArray();
    }

    /** The final response; an HTTP/0.9 answer (a body alone) as status 0. */
    private static Reply parse(byte[] response) throws IOException {
        String all = new String(response, StandardCharsets.ISO_8859_1);
        if (!all.startsWith("HTTP/")) {
            return new Reply(0, null, response);
        }
        int end = all.indexOf("\r\n\r\n");
        if (!all.startsWith("HTTP/1.1 ") || end < 0) {
            throw new IOException("not an HTTP response: " + all.substring(0, Math.min(200, all.length())));
        }
        if (all.charAt(9) == '1') {
            // an interim response such as 100 Continue: the real one follows
            return parse(Arrays.copyOfRange(response, end + 4, response.length));
        }
        String[] lines = all.substring(0, end).split("\r\n");
        int status = Integer.parseInt(lines[0].substring(9, 12));
        String contentType = null;
        boolean chunked = false;
        for (String line : Arrays.copyOfRange(lines, 1, lines.length)) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-type:")) {
                contentType = line.substring("content-type:".length()).trim();
            }
            chunked |= lower.startsWith("transfer-encoding:") && lower.contains("chunked");
        }
        byte[] body = Arrays.copyOfRange(response, end + 4, response.length);
        return new Reply(status, contentType, chunked ? dechunk(body) : body);
    }

    private static byte[] dechunk(byte[] chunked) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        String text = new String(chunked, StandardCharsets.ISO_8859_1);
        int at = 0;
        while (true) {
            int lineEnd = text.indexOf("\r\n", at);
            int size = Integer.parseInt(text.substring(at, lineEnd).split(";")[0].trim(), 16);
            if (size == 0) {
                return body.toByteArray();
            }
            body.write(chunked, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
    }
}
