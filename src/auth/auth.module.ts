import { Global, Module } from '@nestjs/common';
import { AdminBootstrap } from './admin-bootstrap.service';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle.service';
import { UsersService } from './users.service';

@Global()
@Module({
  providers: [AuthService, UsersService, AdminBootstrap, LoginThrottle],
  exports: [AuthService, UsersService, LoginThrottle],
})
export class AuthModule {}
