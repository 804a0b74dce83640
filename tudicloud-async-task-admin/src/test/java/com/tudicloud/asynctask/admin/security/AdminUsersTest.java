package com.tudicloud.asynctask.admin.security;

import com.tudicloud.asynctask.admin.AdminProperties;
import com.tudicloud.asynctask.admin.AdminUser;
import com.tudicloud.asynctask.admin.TestLogins;
import com.tudicloud.asynctask.admin.demo.DemoMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.crypto.password.Pbkdf2PasswordEncoder;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AdminUsersTest {

    private static final List<AdminUser> DEMO = List.of(user("viewer", TestLogins.VIEWER_HASH),
            user("operator", TestLogins.OPERATOR_HASH));

    @Test
    void configuredUsersReplaceTheDemoUsersRatherThanJoinThem() {
        List<UserDetails> users = AdminUsers.resolve(List.of(user("alice", TestLogins.VIEWER_HASH)), DEMO,
                DemoMode.ON_EMBEDDED_DATABASE, null);

        assertThat(users).extracting(UserDetails::getUsername).containsExactly("alice");
    }

    @Test
    void theDemoUsersLogInOnlyWhileTheDemoRunsAndNobodyIsConfigured() {
        assertThat(AdminUsers.resolve(List.of(), DEMO, DemoMode.ON_BY_REQUEST, "jdbc:mysql://db/app"))
                .extracting(UserDetails::getUsername).containsExactly("viewer", "operator");
        assertThatThrownBy(() -> AdminUsers.resolve(List.of(), DEMO, DemoMode.OFF_BY_REQUEST, null))
                .isInstanceOf(NoLoginsException.class).hasMessageContaining("the demo is off");
    }

    @Test
    void onADatabaseServerTheRefusalSaysWhyAndWhatToSetWithoutTheCredentialsOfTheUrl() {
        assertThatThrownBy(() -> AdminUsers.resolve(List.of(), DEMO, DemoMode.OFF_DATABASE_NOT_EMBEDDED,
                "jdbc:mysql://app:s3cr3t@db:3306/app?password=hunter2&useSSL=true"))
                .isInstanceOfSatisfying(NoLoginsException.class, e -> {
                    assertThat(e.getMessage()).contains("only on the embedded H2 database", "jdbc:mysql://db:3306/app")
                            .doesNotContain("s3cr3t", "hunter2");
                    assertThat(e.action()).contains("async-task.admin.users[0].username", "hash-password",
                            "async-task.demo.enabled=true");
                });
    }

    @ParameterizedTest
    @ValueSource(strings = {"{noop}secret", "secret", "{MD5}5ebe2294ecd0e0f08eab7690d2a6ee69",
            "{sha256}97b1e7b1d4f3d4a1b8d3f1f4a8b1c8d1e1f1a1b1c1d1e1f1a1b1c1d1e1f1a1b1", "{bcrypt}", "{bcrypt}not-a-hash",
            "{bcrypt}$2a$10$short", "{argon2}$argon2id$v=19$m=16384,t=2,p=1$c2FsdA$aGFzaA", "{pbkdf2}xyz", "{}",
            "{BCRYPT}$2a$04$.FhH1JB07lXLLYDlSKVcb.myaiLZY40gnn/UD3iu7hKmbYfD8xOaS", ""})
    void weakOrMalformedPasswordFieldsStopTheStartNamingTheUser(String password) {
        assertThatThrownBy(() -> AdminUsers.resolve(List.of(user("alice", password)), DEMO, DemoMode.OFF_BY_REQUEST, null))
                .isInstanceOf(NoLoginsException.class).hasMessageContaining("async-task.admin.users[0]")
                .hasMessageContaining("'alice'");
    }

    @Test
    void aMissingPasswordOrNameStopsTheStartToo() {
        assertThatThrownBy(() -> AdminUsers.resolve(List.of(user("alice", null)), DEMO, DemoMode.OFF_BY_REQUEST, null))
                .isInstanceOf(NoLoginsException.class);
        assertThatThrownBy(() -> AdminUsers.resolve(List.of(user(" ", TestLogins.VIEWER_HASH)), DEMO,
                DemoMode.OFF_BY_REQUEST, null)).isInstanceOf(NoLoginsException.class).hasMessageContaining("no username");
    }

    @Test
    void bcryptAndPbkdf2HashesAreAcceptedAndCheckedByTheEncoder() {
        String pbkdf2 = "{pbkdf2}" + Pbkdf2PasswordEncoder.defaultsForSpringSecurity_v5_8().encode("s3cret-pass");
        List<UserDetails> users = AdminUsers.resolve(List.of(user("alice", TestLogins.VIEWER_HASH), user("bob", pbkdf2)),
                DEMO, DemoMode.OFF_BY_REQUEST, null);

        assertThat(AdminUsers.strongEncoder().matches("viewer", users.get(0).getPassword())).isTrue();
        assertThat(AdminUsers.strongEncoder().matches("s3cret-pass", users.get(1).getPassword())).isTrue();
        assertThat(AdminUsers.strongEncoder().matches("wrong", users.get(1).getPassword())).isFalse();
    }

    private static AdminUser user(String name, String password) {
        AdminUser user = new AdminUser();
        user.setUsername(name);
        user.setPassword(password);
        return user;
    }
}
