import { Module } from '@nestjs/common';
import { NamespaceController } from './namespace.controller';

@Module({ controllers: [NamespaceController] })
export class DiscoveryModule {}
