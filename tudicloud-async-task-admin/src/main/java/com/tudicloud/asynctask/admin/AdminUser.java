package com.tudicloud.asynctask.admin;

/** A login of the console and the API: {@code async-task.admin.users[i]}. */
public class AdminUser {

    private String username;

    /** The hashed password, with its encoder's prefix. */
    private String password;

    private AdminRole role = AdminRole.VIEWER;

    public String getUsername() {
        return username;
    }

    public void setUsername(String username) {
        this.username = username;
    }

    public String getPassword() {
        return password;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    public AdminRole getRole() {
        return role;
    }

    public void setRole(AdminRole role) {
        this.role = role;
    }
}
