import { Global, Module } from '@nestjs/common';
import { AdminBootstrap } from './admin-bootstrap.service';
import { AuthService } from './auth.service';
import { UsersService } from './users.service';

@Global()
@Module({
  providers: [AuthService, UsersService, AdminBootstrap],
  exports: [AuthService, UsersService],
})
export class AuthModule {}
