import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("printing", "0004_print_job_reader"),
    ]

    operations = [
        migrations.AddField(
            model_name="importjob",
            name="moved_at",
            field=models.DateTimeField(
                auto_now=True,
                db_index=True,
                default=django.utils.timezone.now,
                help_text="最近一次状态或进度变化；长时间不动的任务会被标为失败",
                verbose_name="最近进展",
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="printjob",
            name="moved_at",
            field=models.DateTimeField(
                auto_now=True,
                db_index=True,
                default=django.utils.timezone.now,
                help_text="最近一次状态或进度变化；长时间不动的任务会被标为失败",
                verbose_name="最近进展",
            ),
            preserve_default=False,
        ),
    ]
