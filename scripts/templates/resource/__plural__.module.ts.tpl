import { Module } from '@nestjs/common';
import { Resource } from '__SRC__/resources/resource.decorator';
import { __Plural__Controller } from './__plural__.controller';
import { __Plural__Repository } from './__plural__.repository';
import { __PLURAL___RESOURCE } from './__plural__.resource';
import { __Plural__Service } from './__plural__.service';

/**
 * `/__namespace__/__plural__`: written by `npm run generate -- resource __plural__` (docs/architecture.md
 * "Adding a resource"); one line in the application's module list mounts it.
 */
@Resource(__PLURAL___RESOURCE)
@Module({ controllers: [__Plural__Controller], providers: [__Plural__Service, __Plural__Repository] })
export class __Plural__Module {}
