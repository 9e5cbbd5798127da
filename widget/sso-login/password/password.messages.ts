// Texts of the password view: the confirm a sign-in answers with before the password must change
// (spec section 4: AU00153 too old, AU00154 first login).
export const PASSWORD_AGED = '您的密码已超过一个月未修改，为了账号安全，请修改密码';
export const FIRST_LOGIN = '首次登录需要修改密码，请修改密码后重新登录';
