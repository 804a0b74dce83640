package com.tudicloud.asynctask.admin.security;

import com.tudicloud.asynctask.admin.AdminTestDatabase;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cookies as Tomcat writes them: the session and the CSRF token SameSite=Lax, the session HttpOnly, and
 * both Secure when the request came through HTTPS (here a proxy on the loopback address says so).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "async-task.worker.enabled=false")
class SessionCookieTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        AdminTestDatabase.register(registry);
    }

    @LocalServerPort
    int port;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void theSessionAndCsrfCookiesAreSameSiteAndTheSessionHttpOnly() throws Exception {
        List<String> cookies = logIn(false);

        assertThat(cookie(cookies, "JSESSIONID")).contains("SameSite=Lax", "HttpOnly").doesNotContain("Secure");
        assertThat(cookie(cookies, "XSRF-TOKEN")).contains("SameSite=Lax").doesNotContain("Secure");
    }

    @Test
    void behindHttpsTheCookiesAreSecure() throws Exception {
        List<String> cookies = logIn(true);

        assertThat(cookie(cookies, "JSESSIONID")).contains("Secure", "SameSite=Lax", "HttpOnly");
        assertThat(cookie(cookies, "XSRF-TOKEN")).contains("Secure");
    }

    /** @return the Set-Cookie headers of the login page and of a successful login */
    private List<String> logIn(boolean behindHttps) throws Exception {
        HttpResponse<String> page = http.send(request("/login", behindHttps).GET().build(), HttpResponse.BodyHandlers.ofString());
        String csrfCookie = cookie(page.headers().allValues("Set-Cookie"), "XSRF-TOKEN");
        String token = csrfCookie.substring("XSRF-TOKEN=".length(), csrfCookie.indexOf(';'));
        HttpResponse<String> login = http.send(request("/login", behindHttps)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Cookie", "XSRF-TOKEN=" + token).header("X-XSRF-TOKEN", token)
                .POST(HttpRequest.BodyPublishers.ofString("username=viewer&password=viewer")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(login.statusCode()).isEqualTo(302);
        assertThat(login.headers().firstValue("Location").orElseThrow()).doesNotContain("error");
        return java.util.stream.Stream.concat(page.headers().allValues("Set-Cookie").stream(),
                login.headers().allValues("Set-Cookie").stream()).toList();
    }

    private HttpRequest.Builder request(String path, boolean behindHttps) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        return behindHttps ? request.header("X-Forwarded-Proto", "https") : request;
    }

    private static String cookie(List<String> setCookies, String name) {
        return setCookies.stream().filter(header -> header.startsWith(name + "=")).reduce((first, last) -> last)
                .orElseThrow(() -> new AssertionError("no " + name + " cookie in " + setCookies));
    }
}
