import { passwordResetRoutes, userRoutes } from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import { authenticationDetailHandler } from './authenticationDetail.handler.ts';
import { changePasswordHandler } from './changePassword.handler.ts';
import { editAvatarHandler } from './editAvatar.handler.ts';
import { infoHandler } from './info.handler.ts';
import { langHandler } from './lang.handler.ts';
import { loginHandler } from './login.handler.ts';
import { logoutHandler } from './logout.handler.ts';
import { forgotPasswordHandler } from './passwordReset/forgotPassword.handler.ts';
import { resetPasswordHandler } from './passwordReset/resetPassword.handler.ts';
import { pubkeyHandler } from './pubkey.handler.ts';
import { registerHandler } from './register.handler.ts';

export const accountRoutes = [
  route(userRoutes.pubkey, pubkeyHandler),
  route(userRoutes.register, registerHandler),
  route(userRoutes.login, loginHandler),
  route(userRoutes.logout, logoutHandler),
  route(userRoutes.info, infoHandler),
  route(userRoutes.setLang, langHandler),
  route(userRoutes.changePassword, changePasswordHandler),
  route(userRoutes.editAvatar, editAvatarHandler),
  route(userRoutes.authenticationDetail, authenticationDetailHandler),
  route(passwordResetRoutes.forgotPassword, forgotPasswordHandler),
  route(passwordResetRoutes.resetPassword, resetPasswordHandler),
];
