package com.tudicloud.asynctask.admin.security;

import com.tudicloud.asynctask.admin.AdminProperties;
import com.tudicloud.asynctask.admin.AdminUser;
import com.tudicloud.asynctask.admin.demo.DemoMode;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.DelegatingPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.crypto.password.Pbkdf2PasswordEncoder;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Who may log in with a password: the users of {@code async-task.admin.users}; only when there are none and the
 * demo runs, the demo's. Demo users are never added beside configured ones, so a production configuration
 * cannot carry the demo's well-known logins along. Passwords are hashed with a slow, salted encoder
 * (bcrypt or PBKDF2, with their prefix); plain text ({noop}) and fast digests ({MD5}, {sha256}, ...) stop the
 * start, naming the user.
 */
final class AdminUsers {

    static final String HASH_COMMAND = "java -jar tudicloud-async-task-admin.jar hash-password";

    /** What a strong password field looks like, by encoder. */
    private static final Map<String, Pattern> STRONG_HASHES = Map.of(
            "bcrypt", Pattern.compile("\\$2[abxy]?\\$\\d{2}\\$[./A-Za-z0-9]{53}"),
            "pbkdf2", Pattern.compile("[0-9a-fA-F]{64,}"));
    private static final Pattern PREFIXED = Pattern.compile("\\{([^{}]*)}(.*)", Pattern.DOTALL);

    private AdminUsers() {
    }

    /** Matches only the strong encodings; new hashes are bcrypt. */
    static PasswordEncoder strongEncoder() {
        return new DelegatingPasswordEncoder("bcrypt", Map.of("bcrypt", new BCryptPasswordEncoder(),
                "pbkdf2", Pbkdf2PasswordEncoder.defaultsForSpringSecurity_v5_8()));
    }

    /**
     * @param demoUsers the demo's users, used only while the demo runs and nobody is configured
     * @param jdbcUrl   the database, named (without credentials) when the demo's users are refused for it
     */
    static List<UserDetails> resolve(List<AdminUser> configured, List<AdminUser> demoUsers,
                                     DemoMode demo, String jdbcUrl) {
        if (!configured.isEmpty()) {
            return toUsers(configured, "async-task.admin.users");
        }
        if (demo.runs() && !demoUsers.isEmpty()) {
            return toUsers(demoUsers, "async-task.demo.users");
        }
        String configure = "Configure who may log in: async-task.admin.users[0].username, .password (a hash from '"
                + HASH_COMMAND + "') and .role (VIEWER, OPERATOR or METRICS); see docs/admin.md, 'Running it in production'.";
        if (demo == DemoMode.OFF_DATABASE_NOT_EMBEDDED) {
            throw new NoLoginsException("No users can log in. The demo and its logins (viewer/viewer, operator/operator) "
                    + "run only on the embedded H2 database, and this admin uses " + withoutCredentials(jdbcUrl) + ".",
                    configure + " To run the demo on this database anyway (its handlers, its feeder of demo tasks, its "
                            + "table and its logins), set async-task.demo.enabled=true.");
        }
        throw new NoLoginsException("No users can log in: async-task.admin.users is empty and the demo is off.", configure);
    }

    private static List<UserDetails> toUsers(List<AdminUser> users, String property) {
        return java.util.stream.IntStream.range(0, users.size()).mapToObj(i -> toUser(users.get(i), property + "[" + i + "]"))
                .toList();
    }

    private static UserDetails toUser(AdminUser user, String property) {
        if (user.getUsername() == null || user.getUsername().isBlank()) {
            throw new NoLoginsException(property + " has no username.", "Set " + property + ".username.");
        }
        if (!isStrongHash(user.getPassword())) {
            throw new NoLoginsException(property + ": user '" + user.getUsername() + "' has no strong password hash: "
                    + "the password must be a bcrypt or PBKDF2 hash with its prefix, e.g. {bcrypt}$2a$10$...; plain text "
                    + "({noop}) and fast digests are refused.",
                    "Hash the password with '" + HASH_COMMAND + "' and set " + property + ".password to what it prints.");
        }
        return User.withUsername(user.getUsername()).password(user.getPassword()).roles(user.getRole().name()).build();
    }

    static boolean isStrongHash(String password) {
        if (password == null) {
            return false;
        }
        var prefixed = PREFIXED.matcher(password);
        if (!prefixed.matches()) {
            return false;
        }
        Pattern hash = STRONG_HASHES.get(prefixed.group(1));
        return hash != null && hash.matcher(prefixed.group(2)).matches();
    }

    /** The URL without its parameters or a user:password part, which may hold credentials. */
    static String withoutCredentials(String jdbcUrl) {
        if (jdbcUrl == null) {
            return "the database Spring Boot configured";
        }
        String withoutParameters = jdbcUrl.split("[?;]", 2)[0];
        return withoutParameters.replaceFirst("//[^/@]*@", "//");
    }
}
