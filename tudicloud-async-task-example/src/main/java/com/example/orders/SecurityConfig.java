package com.example.orders;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The service's own security, which the task console at /async-tasks sits behind: every page needs a login (the
 * login page, or HTTP Basic for programs); application.yml maps the authorities to the console's roles.
 */
@Configuration
public class SecurityConfig {

    @Bean
    SecurityFilterChain security(HttpSecurity http) throws Exception {
        return http.authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
                .formLogin(Customizer.withDefaults())
                .httpBasic(Customizer.withDefaults())
                .build();
    }

    /** Three users of the example; a real service has its own (a database, LDAP, an identity provider). */
    @Bean
    UserDetailsService users() {
        return new InMemoryUserDetailsManager(
                User.withUsername("ops").authorities("ROLE_OPS")
                        .password("{bcrypt}$2a$10$xHU4MDiSXw6dWJzuY4CESe4Uz7b92vtzTrG3TV7kzBxRPqbhDyQMu").build(),
                User.withUsername("support").authorities("ROLE_SUPPORT")
                        .password("{bcrypt}$2a$10$8ilg4U/rfMmaEVYXkSUD4eGeBLfYsXGOPshWozl/emJHuQtSCD27K").build(),
                User.withUsername("sales").authorities("ROLE_SALES")
                        .password("{bcrypt}$2a$10$u2804e/NhGeaE7rkLMPedO7t.vlqxdS1ovodBd5oz3TOGBx0ZgJI2").build());
    }
}
