package com.tudicloud.asynctask.admin.security;

import com.tudicloud.asynctask.admin.AdminProperties;
import com.tudicloud.asynctask.admin.AdminApiToken;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.CredentialsExpiredException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The API tokens of {@code async-task.admin.api-tokens}. A token is 32 random bytes, so a SHA-256 digest of it
 * is as hard to reverse as a password hash is for a weak password, and checking one costs microseconds: a
 * program that sends a token with every request pays no bcrypt check. Only digests are configured; a token
 * past its expiry is refused.
 */
final class ApiTokens implements AuthenticationProvider {

    static final String TOKEN_PREFIX = "atk_";
    static final String DIGEST_PREFIX = "sha256:";
    static final String COMMAND = "java -jar tudicloud-async-task-admin.jar create-token --name <name> --role <role> --days <days>";

    private static final Pattern DIGEST = Pattern.compile(Pattern.quote(DIGEST_PREFIX) + "[0-9a-f]{64}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Map<String, AdminApiToken> byDigest = new HashMap<>();
    private final Clock clock;

    ApiTokens(List<AdminApiToken> tokens, Clock clock) {
        this.clock = clock;
        for (int i = 0; i < tokens.size(); i++) {
            AdminApiToken token = tokens.get(i);
            String property = "async-task.admin.api-tokens[" + i + "]";
            if (token.getName() == null || token.getName().isBlank() || token.getExpiresAt() == null
                    || token.getHash() == null || !DIGEST.matcher(token.getHash()).matches()) {
                throw new NoLoginsException(property + " needs a name, a hash (sha256: and 64 lower-case hex digits) "
                        + "and an expires-at instant.", "Create a token with '" + COMMAND + "' and configure what it prints.");
            }
            if (byDigest.values().stream().anyMatch(other -> other.getName().equals(token.getName()))
                    || byDigest.putIfAbsent(token.getHash(), token) != null) {
                throw new NoLoginsException(property + ": another token has the name '" + token.getName()
                        + "' or the same hash.", "Give every token a name and a token of its own.");
            }
        }
    }

    /** A new token's text: its prefix and 32 random bytes, URL-safe. */
    static String newToken() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return TOKEN_PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static String digest(String token) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
            return DIGEST_PREFIX + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        String presented = String.valueOf(authentication.getCredentials());
        AdminApiToken token = byDigest.get(digest(presented));
        if (token == null) {
            throw new BadCredentialsException("unknown API token");
        }
        if (!clock.instant().isBefore(token.getExpiresAt())) {
            throw new CredentialsExpiredException("API token '" + token.getName() + "' expired at " + token.getExpiresAt());
        }
        ApiTokenAuthentication accepted = ApiTokenAuthentication.accepted(token.getName(),
                List.of(new SimpleGrantedAuthority("ROLE_" + token.getRole().name())));
        accepted.setDetails(authentication.getDetails());
        return accepted;
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return ApiTokenAuthentication.class.isAssignableFrom(authentication);
    }
}
