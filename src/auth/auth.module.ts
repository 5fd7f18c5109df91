import { Global, Module } from '@nestjs/common';
import { AdminBootstrap } from './admin-bootstrap.service';
import { AuthService } from './auth.service';
import { CredentialCache } from './credential-cache.service';
import { HashWorkProfile } from './hash-work-profile.service';
import { LoginThrottle } from './login-throttle.service';
import { LoginFailuresRepository } from './repository/login-failures.repository';
import { UsersService } from './users.service';

@Global()
@Module({
  providers: [AuthService, UsersService, AdminBootstrap, LoginThrottle, LoginFailuresRepository, HashWorkProfile, CredentialCache],
  exports: [AuthService, UsersService, LoginThrottle, HashWorkProfile, CredentialCache],
})
export class AuthModule {}
